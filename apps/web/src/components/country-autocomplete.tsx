import { useMemo, type Ref } from 'react';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { COUNTRY_OPTIONS, findCountryByName, withSuggestedFirst, type CountryOption } from './country-options.ts';

export interface CountryAutocompleteProps {
  label: string;
  /** The country's name: what the API stores. */
  value: string;
  onChange: (name: string) => void;
  onBlur?: () => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** ISO codes listed first under 'Suggested'. */
  suggested?: readonly string[];
  required?: boolean;
}

// Typing finds a country by name, ISO code or dial code ("de", "+49", "germ").
const filterOptions = createFilterOptions<CountryOption>({
  stringify: (option) => `${option.name} ${option.code} ${option.dial}`,
});

export function CountryAutocomplete({
  label,
  value,
  onChange,
  onBlur,
  error,
  inputRef,
  suggested = [],
  required,
}: CountryAutocompleteProps) {
  const options = useMemo(() => (suggested.length ? withSuggestedFirst(suggested) : COUNTRY_OPTIONS), [suggested]);
  const suggestedCount = suggested.length;

  return (
    <Autocomplete
      options={options}
      value={findCountryByName(value)}
      onChange={(_event, option) => onChange(option?.name ?? '')}
      onBlur={onBlur}
      autoHighlight
      // Names with codes need more room than a half-width field gives them.
      slotProps={{ popper: { placement: 'bottom-start', sx: { minWidth: 300 } } }}
      filterOptions={filterOptions}
      groupBy={suggestedCount ? (option) => (options.indexOf(option) < suggestedCount ? 'Suggested' : 'All countries') : undefined}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, selected) => option.code === selected.code}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
          <span aria-hidden="true">{option.flag}</span>
          <span>
            {option.name} ({option.code}) {option.dial}
          </span>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error}
          inputRef={inputRef}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'country-name' } }}
        />
      )}
    />
  );
}
