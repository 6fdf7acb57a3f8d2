import type { FieldErrors, FieldValues, Path, Resolver } from 'react-hook-form';
import { MSG } from '@traffic/shared/messages';

/** The one failure a form shows (SPEC.md section 5 shows only the first), and the field it belongs to. */
export interface FormFailure<TForm extends FieldValues> {
  field: Path<TForm>;
  message: string;
}

/**
 * A react-hook-form resolver that reports at most one error: the first the form's own check finds.
 * The form then highlights and focuses that one field and shows its message under it.
 */
export function firstFailureResolver<TForm extends FieldValues>(check: (values: TForm) => FormFailure<TForm> | null): Resolver<TForm> {
  return async (values) => {
    const failure = check(values);
    if (!failure) return { values, errors: {} };
    const errors = { [failure.field]: { type: 'validate', message: failure.message } } as FieldErrors<TForm>;
    return { values: {}, errors };
  };
}

/** The form fields behind the detail part of the shared account schemas (address ... country). */
export type DetailField = 'address' | 'phoneNumber' | 'firstName' | 'lastName' | 'city' | 'country';

/**
 * Maps a schema issue on the wire body back to the form field the user typed it in. The body joins
 * first and last name into one `fullName`; its message says which half is missing.
 */
export function detailFieldOf(key: PropertyKey | undefined, message: string): DetailField | null {
  switch (key) {
    case 'address':
    case 'phoneNumber':
    case 'city':
    case 'country':
      return key;
    case 'fullName':
      return message === MSG.lastNameRequired ? 'lastName' : 'firstName';
    default:
      return null;
  }
}
