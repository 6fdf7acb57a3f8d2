/**
 * admin: the administrators' screens. The top of the module order: no module imports it. app.ts
 * passes `userStatusEffects` into accounts (what Activate / Deactivate does beyond the account).
 */
export { userStatusEffects } from './user-status-effects.ts';
