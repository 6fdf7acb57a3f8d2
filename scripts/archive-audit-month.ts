/**
 * Archives one month of the audit log before the current one (docs/deploy.md, "Archiving the audit
 * log"): `npm run audit:archive -- 2026-01 [file]`, with the server's DATABASE_URL or DATA_DIR. The
 * month's records go to `file` (default `audit-2026-01.jsonl`), one JSON object a line, and its
 * partition is dropped. With PGlite, stop the server first: one process owns DATA_DIR/pglite.
 */
import { openDatabase } from '@traffic/db';
import { loadConfig } from '../apps/api/src/config.ts';
import { archiveAuditMonth, MONTH_PATTERN } from '../apps/api/src/modules/audit/archive-month.ts';

const [month, file = `audit-${month}.jsonl`] = process.argv.slice(2);
if (!month || !MONTH_PATTERN.test(month)) {
  console.error('Usage: npm run audit:archive -- YYYY-MM [file]');
  process.exit(2);
}
const database = await openDatabase(loadConfig().database);
try {
  const report = await archiveAuditMonth(database.db, month, file);
  console.log(`${report.table}: ${report.records} records written to ${report.file}, table dropped`);
} catch (error) {
  // The database's own message, not the wrapper naming the query.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(`Not archived: ${cause instanceof Error ? cause.message : String(cause)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
