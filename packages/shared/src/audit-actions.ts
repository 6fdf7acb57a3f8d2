/**
 * What the audit log records (docs/decisions/0023-account-security.md). Security events concern the
 * account they name (its owner sees them on Account security); admin actions name who did what to whom.
 */
export const SECURITY_ACTIONS = [
  'registered',
  'sign_in',
  'sign_in_failed',
  'sign_in_locked',
  'security_check_failed',
  'two_factor_on',
  'two_factor_off',
  'recovery_codes_new',
  'recovery_code_used',
  'password_changed',
  'password_reset',
  'session_ended',
  'other_sessions_ended',
  'token_created',
  'token_revoked',
  'data_export_requested',
  'data_export_downloaded',
  'account_closed',
] as const;

export const ADMIN_ACTIONS = [
  'user_activated',
  'user_deactivated',
  'user_sessions_ended',
  'user_two_factor_reset',
  'package_granted',
  'addon_granted',
  'addon_deleted',
  'payment_refunded',
  'websites_paused',
  'websites_unpaused',
  'website_updated',
  'website_paused',
  'website_activated',
  'website_deleted',
  'user_details_updated',
  'notifications_cleared',
  'catalogue_created',
  'catalogue_updated',
  'catalogue_retired',
  'notification_sent',
  'job_retried',
  'job_dismissed',
  'user_account_closed',
] as const;

export const AUDIT_ACTIONS = [...SECURITY_ACTIONS, ...ADMIN_ACTIONS] as const;
export type SecurityAction = (typeof SECURITY_ACTIONS)[number];
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How each action reads on the screens. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  registered: 'Account created',
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  sign_in_locked: 'Sign-in locked out',
  security_check_failed: 'Wrong password or code on Account security',
  two_factor_on: 'Two-factor sign-in turned on',
  two_factor_off: 'Two-factor sign-in turned off',
  recovery_codes_new: 'New recovery codes',
  recovery_code_used: 'Recovery code used',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  session_ended: 'Session signed out',
  other_sessions_ended: 'Other sessions signed out',
  token_created: 'Access token created',
  token_revoked: 'Access token revoked',
  data_export_requested: 'Copy of the data requested',
  data_export_downloaded: 'Copy of the data downloaded',
  account_closed: 'Account closed',
  user_activated: 'User activated',
  user_deactivated: 'User deactivated',
  user_sessions_ended: "User's sessions ended",
  user_two_factor_reset: "User's two-factor sign-in turned off",
  package_granted: 'Package granted',
  addon_granted: 'Add-on granted',
  addon_deleted: 'Add-on deleted',
  payment_refunded: 'Payment refunded',
  websites_paused: 'All websites paused',
  websites_unpaused: 'All websites unpaused',
  website_updated: 'Website edited',
  website_paused: 'Website paused',
  website_activated: 'Website switched on',
  website_deleted: 'Website deleted',
  user_details_updated: "User's details edited",
  notifications_cleared: "User's notifications cleared",
  catalogue_created: 'Catalogue item created',
  catalogue_updated: 'Catalogue item edited',
  catalogue_retired: 'Catalogue item retired',
  notification_sent: 'Notification sent',
  job_retried: 'Failed job retried',
  job_dismissed: 'Failed job dismissed',
  user_account_closed: 'Account closed by an administrator',
};

/**
 * How each action reads in an account's own security activity: an administrator's action on the
 * account says so (the owner is not told which administrator, nor from where).
 */
export const ACCOUNT_EVENT_LABELS: Record<AuditAction, string> = {
  ...AUDIT_ACTION_LABELS,
  user_activated: 'Account activated by an administrator',
  user_deactivated: 'Account deactivated by an administrator',
  user_sessions_ended: 'Signed out everywhere by an administrator',
  user_two_factor_reset: 'Two-factor sign-in turned off by an administrator',
  package_granted: 'Package granted by an administrator',
  addon_granted: 'Add-on granted by an administrator',
  addon_deleted: 'Add-on removed by an administrator',
  payment_refunded: 'Payment refunded by an administrator',
  websites_paused: 'All websites paused by an administrator',
  websites_unpaused: 'All websites switched on by an administrator',
  website_updated: 'Website edited by an administrator',
  website_paused: 'Website paused by an administrator',
  website_activated: 'Website switched on by an administrator',
  website_deleted: 'Website deleted by an administrator',
  user_details_updated: 'Your details edited by an administrator',
  notifications_cleared: 'Notifications cleared by an administrator',
};
