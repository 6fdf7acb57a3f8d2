import { measureRetention, RETENTION_TABLES, type RetentionResult } from './retention.ts';

const mb = (bytes: number) => `${(bytes / 2 ** 20).toLocaleString('en-US', { maximumFractionDigits: 0 })} MB`;
const n = (rows: number) => rows.toLocaleString('en-US');

/**
 * The bench's rows for retention: per table, rows and bytes after a simulated year, after its
 * clean-up, and after a second year and its clean-up. It passes when the second clean-up leaves the
 * rows within 10% of the first's and the bytes no larger than just before it (1% for the free-space
 * and visibility maps VACUUM writes).
 */
export async function retentionRows(
  dbUrl: string,
  log: (line: string) => void,
): Promise<{ metric: string; measured: string; target: string; pass: boolean | null }[]> {
  const r: RetentionResult = await measureRetention(dbUrl, log);
  const rows = RETENTION_TABLES.map((table) => {
    const [year, clean, peak, second] = [r.afterYear[table]!, r.afterCleanUp[table]!, r.secondYear[table]!, r.afterSecondYear[table]!];
    const flat = second.rows <= Math.max(clean.rows * 1.1, clean.rows + 1000) && second.bytes <= peak.bytes * 1.01;
    return {
      metric: `  ${table}`,
      measured: `${n(year.rows)} rows ${mb(year.bytes)} after a year → ${n(clean.rows)} rows after the clean-up → ${n(second.rows)} rows ${mb(second.bytes)} after a second year and its clean-up`,
      target: 'flat after each clean-up',
      pass: flat,
    };
  });
  return [
    {
      metric: 'Retention clean-up of a simulated year (large seed)',
      measured: `${r.cleanUpSeconds.map((s) => `${s.toFixed(0)} s`).join(', then ')}; ${n(r.historyRowsMoved)} daily history rows rolled into months`,
      target: 'batches of 5,000, through indexes',
      pass: null,
    },
    ...rows,
  ];
}
