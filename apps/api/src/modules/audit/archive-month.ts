import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import type { Executor } from '@traffic/db';
import { countDetachedRecords, detachAuditMonth, detachedRecords, dropDetachedMonth } from './audit-archive.repository.ts';

const BATCH = 5000;
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface ArchiveReport {
  table: string;
  records: number;
  file: string;
}

/**
 * A database owner's archiving of one month of the audit log (docs/deploy.md, "Archiving the audit
 * log"): detaches its partition (no trigger is disabled), writes every record to `file` as one JSON
 * object a line in id order, flushes it to disk, checks it holds as many records as the table, and
 * only then drops the detached table. Run again after a failure, it goes on with the detached table.
 */
export async function archiveAuditMonth(db: Executor, month: string, file: string): Promise<ArchiveReport> {
  if (!MONTH_PATTERN.test(month)) throw new Error(`a month is written YYYY-MM, not ${month}`);
  const table = await detachAuditMonth(db, month);
  const fd = openSync(file, 'w');
  let written = 0;
  try {
    for (let after = 0; ;) {
      const rows = await detachedRecords(db, table, after, BATCH);
      if (rows.length) writeSync(fd, rows.map((r) => JSON.stringify(r) + '\n').join(''));
      written += rows.length;
      if (rows.length < BATCH) break;
      after = Number(rows[rows.length - 1]!.id);
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  const stored = await countDetachedRecords(db, table);
  if (stored !== written) throw new Error(`${file} holds ${written} records of ${stored}: ${table} is kept`);
  await dropDetachedMonth(db, table);
  return { table, records: written, file };
}
