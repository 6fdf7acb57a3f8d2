import type { FieldValues, Path } from 'react-hook-form';
import { MSG } from '@traffic/shared/messages';
import type { FormCheckResult } from '../../lib/form-resolver.ts';
import type * as Checks from './form-checks.ts';

type FormChecks = typeof Checks;

/**
 * The sign-in and registration forms' checks (form-checks.ts), loaded once when first needed: a
 * form's focus starts it, so it is there by the time the visitor sends the form; sending waits for it
 * otherwise.
 */
export const loadFormChecks = (): Promise<FormChecks> => import('./form-checks.ts');

/** Starts loading the checks (a form got the focus); a failure is told when the form is checked. */
export function startLoadingFormChecks(): void {
  loadFormChecks().catch(() => undefined);
}

/**
 * A form's check, run once its module has loaded. A module that cannot load (the connection dropped,
 * or a release replaced the files this tab was given) fails the check with the product's generic
 * error on `field`, so the form says something instead of doing nothing; it is asked for again on the
 * next try.
 */
export function loadedCheck<TForm extends FieldValues>(
  field: Path<TForm>,
  check: (checks: FormChecks, values: TForm) => FormCheckResult<TForm>,
): (values: TForm) => Promise<FormCheckResult<TForm>> {
  return async (values) => {
    let checks: FormChecks;
    try {
      checks = await loadFormChecks();
    } catch {
      return { field, message: MSG.genericError };
    }
    return check(checks, values);
  };
}
