// Moved to payhere/payhere-api.ts; this path stays while modules/sandbox's test imports it.
export * from './payhere/payhere-api.ts';
