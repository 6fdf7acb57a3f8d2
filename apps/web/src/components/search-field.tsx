import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * A search box: a search input with the magnifier, labelled "Search" unless `label` names what it
 * searches. Small (a table's toolbar) unless `size` says otherwise.
 */
export function SearchField({
  value,
  onChange,
  placeholder,
  label = 'Search',
  size = 'small',
  fullWidth,
  sx,
}: { value: string; onChange: (value: string) => void; label?: string } & Pick<
  TextFieldProps,
  'placeholder' | 'size' | 'fullWidth' | 'sx'
>) {
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      type="search"
      size={size}
      fullWidth={fullWidth}
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
