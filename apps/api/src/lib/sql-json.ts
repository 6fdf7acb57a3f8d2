import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/**
 * One row of `table` as a JSON object whose keys are the drizzle field names, for queries that
 * aggregate rows as JSON (json_agg): the same names the query builder's rows carry, so one
 * presenter serves both. `alias` names the row in the query; `asText` lists numeric fields that
 * drizzle reads as strings (a price), cast to text so the JSON carries them alike. Field names and
 * columns are the caller's constants and the schema's, never input.
 */
export function rowJson<T extends Table>(
  table: T,
  fields: readonly (keyof T['_']['columns'] & string)[],
  alias: string,
  { asText = [], extra = '' }: { asText?: readonly string[]; extra?: string } = {},
): SQL {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const pairs = fields.map((field) => `'${field}', ${alias}.${columns[field]!.name}${asText.includes(field) ? '::text' : ''}`);
  return sql.raw(`json_build_object(${[...pairs, ...(extra ? [extra] : [])].join(', ')})`);
}
