import type { Ref } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

export interface SelectGroup {
  label: string;
  options: { value: string; label: string }[];
}

interface CatalogueSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLSelectElement>;
  groups: SelectGroup[];
  loading: boolean;
  error?: boolean;
  helperText?: string;
}

/**
 * A catalogue item picker with a group per list. A native select: its option groups are announced
 * as groups, and phones show their own picker. The chosen id shows as itself until the lists arrive.
 */
export function CatalogueSelect({ label, value, onChange, onBlur, inputRef, groups, loading, error, helperText }: CatalogueSelectProps) {
  const known = groups.some((group) => group.options.some((option) => option.value === value));
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={error}
      helperText={helperText}
      fullWidth
      slotProps={{
        select: { native: true },
        htmlInput: { ref: inputRef },
        input: loading
          ? {
              endAdornment: (
                <InputAdornment position="end" sx={{ mr: 3 }}>
                  <CircularProgress size={18} aria-label={`Loading ${label.toLowerCase()} list`} />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    >
      {!known && <option value={value}>{value}</option>}
      {groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </TextField>
  );
}
