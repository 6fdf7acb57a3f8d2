import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';

/**
 * Statements prepared on each PostgreSQL connection they run on, transactions included: the fixed
 * texts that run on every website create and delete and every background job (the capacity read,
 * the owner's lock, a job's claim and completion...). PostgreSQL then parses and plans each once per
 * connection instead of on every call: the capacity read took 0.41 ms a call unprepared and 0.15 ms
 * prepared (pgbench, one client; docs/performance.md, run 12).
 *
 * Only statements marked with `prepared()` are: a prepared statement's plan becomes generic after
 * five calls, which suits a lookup by id and would not suit a search whose best plan depends on
 * the text searched (the admin lists). A statement's text must not depend on its values (a list
 * spelled out value by value): each different text takes a name of its own on every connection.
 * PGlite runs the same text, unprepared (the mark is an SQL comment).
 */
const MARK = '/* prepared */ ';
/** More than the marked statements of this code base; past it, a statement runs unprepared. */
const MAX_NAMES = 200;
const names = new Map<string, string>();

/** The statement, marked to be prepared (see above). */
export function prepared(query: SQL): SQL {
  return sql`${sql.raw(MARK)}${query}`;
}

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMES) names.set(text, (name = `prepared_${names.size + 1}`));
  return name;
}

/**
 * The pool's client class: it gives each marked statement its name (node-postgres then sends the
 * text once per connection, and only the values after that).
 */
export class PreparingClient extends pg.Client {}

type QueryConfig = { text?: unknown; name?: unknown };
const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
PreparingClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const c = config as QueryConfig | null;
  if (c && typeof c === 'object' && c.name === undefined && typeof c.text === 'string' && c.text.startsWith(MARK)) {
    const name = nameOf(c.text);
    if (name) return query.call(this, { ...c, name }, ...rest);
  }
  return query.call(this, config, ...rest);
} as pg.Client['query'];
