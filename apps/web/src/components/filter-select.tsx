import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** The empty choice ("All …") shows as the select's text, under a label that stays up. */
const SHOW_EMPTY_CHOICE = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/**
 * A table filter's choice: a small select whose first choice, `all` (the value ''), filters
 * nothing; then `options`, each with its label.
 */
export function FilterSelect<Value extends string>({
  label,
  all,
  options,
  value,
  onChange,
  sx,
}: {
  label: string;
  all: string;
  options: readonly { value: Value; label: string }[];
  value: Value | '';
  onChange: (value: Value | '') => void;
} & Pick<TextFieldProps, 'sx'>) {
  return (
    <TextField
      select
      label={label}
      size="small"
      slotProps={SHOW_EMPTY_CHOICE}
      value={value}
      onChange={(event) => onChange(event.target.value as Value | '')}
      sx={sx}
    >
      <MenuItem value="">{all}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
