import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { PACKAGE_TYPES } from '@traffic/shared/constants';

/** The package type selector (normal, seo), labelled 'Type' unless told otherwise. */
export function PackageTypeField(props: Omit<TextFieldProps, 'select' | 'children'>) {
  return (
    <TextField select label="Type" {...props}>
      {PACKAGE_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {type}
        </MenuItem>
      ))}
    </TextField>
  );
}
