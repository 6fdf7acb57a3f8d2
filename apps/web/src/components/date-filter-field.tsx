import TextField from '@mui/material/TextField';

/** A table filter's date (yyyy-mm-dd, '' for none), its label kept up; `min` and `max` bound the picker. */
export function DateFilterField({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
}) {
  return (
    <TextField
      label={label}
      type="date"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
    />
  );
}
