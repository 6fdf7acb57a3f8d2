import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
} from 'react-hook-form';
import { MSG } from '@traffic/shared/messages';

/** A failure a form's own check found: the field it belongs to and the product's message for it. */
export interface FormFailure<TForm extends FieldValues> {
  field: Path<TForm>;
  message: string;
}

/** What a check answers: its failures in the order the form lists its fields (none: the values are good). */
export type FormCheckResult<TForm extends FieldValues> = FormFailure<TForm> | readonly FormFailure<TForm>[] | null;

/**
 * The one react-hook-form resolver of the app. A form's own check speaks the product's messages
 * (docs/product.md, "Forms"); the resolver only decides how many of them the form shows:
 * `first` (the customer forms) highlights and focuses the first failing field only, `all` (the
 * admin forms) flags every failing field at once.
 */
export function formResolver<TForm extends FieldValues>(
  // A check may come as a promise: the sign-in and registration forms load theirs (zod's schemas)
  // when first needed, not with the page (features/auth/load-form-checks.ts).
  check: (values: TForm) => FormCheckResult<TForm> | Promise<FormCheckResult<TForm>>,
  { show = 'first' }: { show?: 'first' | 'all' } = {},
): Resolver<TForm> {
  return async (values) => {
    const found = await check(values);
    const failures = found === null ? [] : 'field' in found ? [found] : [...found];
    const shown = show === 'first' ? failures.slice(0, 1) : failures;
    if (shown.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(shown.map((failure) => [failure.field, { type: 'validate', message: failure.message }]));
    return { values: {}, errors: errors as FieldErrors<TForm> };
  };
}

/**
 * A react-hook-form form checked by one of `formResolver`'s resolvers, starting from
 * `defaultValues`; its field errors come out beside the form's methods.
 */
export function useCheckedForm<TForm extends FieldValues>(
  resolver: Resolver<TForm>,
  defaultValues: DefaultValues<TForm>,
  options: Omit<UseFormProps<TForm>, 'resolver' | 'defaultValues'> = {},
) {
  const form = useForm<TForm>({ defaultValues, resolver, ...options });
  return { ...form, errors: form.formState.errors };
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
