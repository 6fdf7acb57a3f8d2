import { existsSync } from 'node:fs';
import pg from 'pg';
import { settings } from './settings.ts';

const SOCKET_DIR = '/var/run/postgresql';
const hasSocket = existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`);

/**
 * The PostgreSQL server the bench uses: local, trust auth (override with BENCH_PG_URL). Over its Unix
 * socket when it has one, as a server on the same host should connect (docs/deploy.md): loopback
 * TCP costs the product's single Node thread a kernel round through the TCP stack for every query.
 */
export const PG_SERVER_URL =
  settings.pgUrl ??
  (hasSocket ? `postgres://postgres@localhost/postgres?host=${SOCKET_DIR}` : 'postgres://postgres@127.0.0.1:5432/postgres');

/** How the bench reaches PostgreSQL, for the report. */
export const PG_TRANSPORT = new URL(PG_SERVER_URL).searchParams.get('host')?.startsWith('/')
  ? `Unix socket ${new URL(PG_SERVER_URL).searchParams.get('host')}`
  : `TCP ${new URL(PG_SERVER_URL).host}`;

export function databaseUrl(name: string): string {
  const url = new URL(PG_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_SERVER_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const ident = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  return name;
};

/** A fresh, empty database (any leftover of an interrupted run is dropped first). */
export async function recreateDatabase(name: string): Promise<string> {
  await onServer(async (c) => {
    await c.query(`drop database if exists ${ident(name)} with (force)`);
    await c.query(`create database ${ident(name)}`);
  });
  return databaseUrl(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await onServer((c) => c.query(`drop database if exists ${ident(name)} with (force)`));
}

/**
 * Writes every dirty page of the server to disk now (CHECKPOINT): a bulk load leaves gigabytes for
 * the checkpointer, which otherwise spreads their writes over the next minutes, into the phases
 * measured after it (their commits then wait behind those writes on the same disk). Answers how long
 * it took, in seconds.
 */
export async function checkpoint(): Promise<number> {
  const started = Date.now();
  await onServer((c) => c.query('checkpoint'));
  return (Date.now() - started) / 1000;
}

export async function serverVersion(): Promise<string> {
  return onServer(async (c) => (await c.query('show server_version')).rows[0].server_version as string);
}
