/**
 * audit: the audit log. What other modules use: `audit` (one record, in the caller's transaction),
 * the request's `auditSource`, targets and changed fields, and the log's two readings.
 */
export { actsForAnother, audit, auditSource, changedFields, userTarget, type AuditSource, type AuditTarget } from './audit-source.ts';
export { auditLog, ownSecurityEvents } from './audit-log.ts';
