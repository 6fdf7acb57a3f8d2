/**
 * The sign-in and registration forms' checks (form-checks.ts), loaded once when first needed: a
 * form's focus starts it, so it is there by the time the visitor sends the form; sending waits for it
 * otherwise.
 */
export const loadFormChecks = () => import('./form-checks.ts');
