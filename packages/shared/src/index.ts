export * from './constants.ts';
export * from './countries.ts';
export * from './messages.ts';
export * from './errors.ts';
export * from './schemas/common.schema.ts';
export * from './schemas/catalogue.schema.ts';
export * from './schemas/accounts.schema.ts';
export * from './capacity.ts';
