import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import type { WebsiteFormValues } from '../website-form-model.ts';
import { textFieldProps } from '../field-props.ts';

/** One of the website form's choice lists (search engine, social network), with its error under it. */
export function SelectField({ name, label, options }: { name: 'searchEngine' | 'social'; label: string; options: readonly string[] }) {
  const { control } = useFormContext<WebsiteFormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          {...textFieldProps(field)}
          label={label}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          fullWidth
        >
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
