import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** A table's search box: a small search input with the magnifier, labelled "Search" unless `label` names what it searches. */
export function SearchField({
  value,
  onChange,
  placeholder,
  label = 'Search',
  sx,
}: { value: string; onChange: (value: string) => void; label?: string } & Pick<TextFieldProps, 'placeholder' | 'sx'>) {
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      type="search"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
