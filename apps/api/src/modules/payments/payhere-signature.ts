// Moved to payhere/payhere-signature.ts; this path stays while modules/sandbox imports it.
export * from './payhere/payhere-signature.ts';
