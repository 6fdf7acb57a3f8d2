import Grid from '@mui/material/Grid';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import {
  Controller,
  get,
  type Control,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { ACCOUNT_LIMITS, MOBILE_LENGTH } from '@traffic/shared/constants';
import { useCheckedForm } from '../lib/form-resolver.ts';
import { CountryAutocomplete, type CountryAutocompleteProps } from './country-autocomplete.tsx';

/** The personal-detail fields the register and update-details forms share. */
interface DetailValues extends FieldValues {
  firstName: string;
  lastName: string;
  city: string;
  country: string;
}

/** A registered text field's props (react-hook-form's register, its error and message). */
type TextProps = (name: 'firstName' | 'lastName' | 'city') => Partial<TextFieldProps>;

/** A form's `text(name)`: a registered full-width field's props with its error and message. */
function textFieldProps<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return (name: Path<T>) => {
    const failure = get(errors, name) as { message?: string } | undefined;
    return { ...register(name), error: Boolean(failure), helperText: failure?.message, fullWidth: true };
  };
}

/** The register and update-details forms: checked again only on submit, with `text` for their text fields. */
export function useDetailsForm<T extends FieldValues>(resolver: Resolver<T>, defaultValues: DefaultValues<T>) {
  const form = useCheckedForm<T>(resolver, defaultValues, { reValidateMode: 'onSubmit' });
  return { ...form, text: textFieldProps(form.register, form.errors) };
}

/** Typing stops at the length the server takes. */
const LIMITED = { htmlInput: { maxLength: ACCOUNT_LIMITS.text } };

/** The mobile number keeps digits (and a leading +) as it is typed: the field is numeric. */
export const digitsOnly = (value: string) => value.replace(/(?!^\+)[^\d]/g, '');

/** Room for a leading + before the longest number the server takes. */
const MOBILE_INPUT = { htmlInput: { inputMode: 'numeric', pattern: '\\+?[0-9]*', maxLength: MOBILE_LENGTH.max + 1 } } as const;

/**
 * The mobile number of the register and update-details forms (docs/product.md section 5): 'Mobile
 * number', numeric, keeping digits and a leading + as it is typed. Takes the registered field with
 * its error, as the forms' `text('phoneNumber')` gives them; the shared schema checks the value.
 */
export function MobileField({ onChange, ...props }: UseFormRegisterReturn & Pick<TextFieldProps, 'error' | 'helperText' | 'fullWidth'>) {
  return (
    <TextField
      label="Mobile number"
      type="tel"
      autoComplete="tel"
      {...props}
      onChange={(event) => {
        event.target.value = digitsOnly(event.target.value);
        void onChange(event);
      }}
      slotProps={MOBILE_INPUT}
    />
  );
}

/** First and last name, side by side from the small breakpoint up. */
export function NameFields({ text }: { text: TextProps }) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label="First Name" autoComplete="given-name" {...text('firstName')} slotProps={LIMITED} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label="Last Name" autoComplete="family-name" {...text('lastName')} slotProps={LIMITED} />
      </Grid>
    </>
  );
}

/** City, and the country from the full list (with suggestions first, where given). */
export function CityCountryFields<T extends DetailValues>({
  text,
  control,
  suggested,
}: {
  text: TextProps;
  control: Control<T>;
  suggested?: CountryAutocompleteProps['suggested'];
}) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label="City" autoComplete="address-level2" {...text('city')} slotProps={LIMITED} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          name={'country' as Path<T>}
          control={control}
          render={({ field: country, fieldState }) => (
            <CountryAutocomplete
              label="Country"
              value={country.value}
              onChange={country.onChange}
              onBlur={country.onBlur}
              inputRef={country.ref}
              error={fieldState.error?.message}
              {...(suggested ? { suggested } : {})}
            />
          )}
        />
      </Grid>
    </>
  );
}

const ADDRESS_INPUT = { htmlInput: { maxLength: ACCOUNT_LIMITS.address } };

/** The street address; typing stops at the length the server takes. */
export function AddressField(
  props: UseFormRegisterReturn & Pick<TextFieldProps, 'error' | 'helperText' | 'fullWidth' | 'multiline' | 'minRows'>,
) {
  return <TextField label="Address" autoComplete="street-address" {...props} slotProps={ADDRESS_INPUT} />;
}
