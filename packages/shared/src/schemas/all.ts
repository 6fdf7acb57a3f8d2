/** Every wire schema, in one module: the endpoint registry (src/contract/) loads it on first use. */
export * from './common.schema.ts';
export * from './catalogue.schema.ts';
export * from './accounts.schema.ts';
export * from './payments.schema.ts';
export * from './websites.schema.ts';
export * from './admin.schema.ts';
export * from './jobs.schema.ts';
export * from './ninehits.schema.ts';
export * from './billing.schema.ts';
export * from './delivery.schema.ts';
export * from './security.schema.ts';
export * from './tokens.schema.ts';
export * from './your-data.schema.ts';
