export * from './client.ts';
export { prepared } from './prepared.ts';
export * from './migrate.ts';
export * from './seed.ts';
export * as schema from './schema.ts';
