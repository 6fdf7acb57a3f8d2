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

/** One select of a row of filters: the key of the filters it sets, its texts and its options. */
export type FilterChoice<Filters> = {
  [Key in keyof Filters & string]: {
    key: Key;
    label: string;
    all: string;
    options: readonly { value: Exclude<Filters[Key], ''> & string; label: string }[];
    minWidth: number;
  };
}[keyof Filters & string];

/** A FilterSelect for each choice, in order, each showing and setting its key of `filters`. */
export function FilterSelects<Filters>({
  choices,
  filters,
  onChange,
}: {
  choices: readonly FilterChoice<Filters>[];
  filters: Filters;
  onChange: <Key extends keyof Filters>(key: Key, value: Filters[Key]) => void;
}) {
  return choices.map((choice) => (
    <FilterSelect<string>
      key={choice.key}
      label={choice.label}
      all={choice.all}
      options={choice.options}
      value={filters[choice.key] as string}
      onChange={(value) => onChange(choice.key, value as Filters[typeof choice.key])}
      sx={{ minWidth: choice.minWidth }}
    />
  ));
}
