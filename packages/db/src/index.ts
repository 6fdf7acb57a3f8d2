export * from './client.ts';
export * from './migrate.ts';
export * from './seed.ts';
export * as schema from './schema.ts';
