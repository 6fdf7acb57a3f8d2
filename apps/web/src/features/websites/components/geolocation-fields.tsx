import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { GEOLOCATION_TYPES } from '@traffic/shared/constants';
import { TARGET_REGIONS } from '@traffic/shared/countries';
import type { WebsiteFormValues } from '../website-form-model.ts';
import { RadioRowField } from './radio-row-field.tsx';

/** 'GEO Locations': All Countries, or Specific Countries ticked by region (the boxes shown only then). */
export function GeolocationFields() {
  const { control } = useFormContext<WebsiteFormValues>();
  const geolocationType = useWatch({ control, name: 'geolocationType' });
  const specific = geolocationType === 'Specific Countries';

  return (
    <>
      <RadioRowField name="geolocationType" legend="GEO Locations" options={GEOLOCATION_TYPES} />
      {specific && (
        <Controller
          name="countries"
          control={control}
          render={({ field, fieldState }) => {
            const chosen = new Set(field.value);
            const toggle = (code: string, on: boolean) =>
              field.onChange(on ? [...field.value.filter((c) => c !== code), code] : field.value.filter((c) => c !== code));
            return (
              <FormControl component="div" error={Boolean(fieldState.error)} fullWidth sx={{ mt: 1 }}>
                {/* Newspaper columns: the long regions (Europe, Asia) flow beside the short ones. */}
                <Box sx={{ columnCount: { xs: 2, md: 3 }, columnGap: 3 }}>
                  {TARGET_REGIONS.map(({ region, countries }) => (
                    <Box key={region} sx={{ breakInside: 'avoid', display: 'inline-block', width: '100%', mb: 2 }}>
                      <FormControl component="fieldset" fullWidth>
                        <FormLabel component="legend" sx={{ fontWeight: 600 }}>
                          {region}
                        </FormLabel>
                        <FormGroup>
                          {countries.map((country, index) => (
                            <FormControlLabel
                              key={country.code}
                              label={country.name}
                              control={
                                <Checkbox
                                  size="small"
                                  checked={chosen.has(country.code)}
                                  onChange={(event) => toggle(country.code, event.target.checked)}
                                  // Lets the form focus the first box when no country is chosen.
                                  slotProps={{
                                    input: { ref: region === TARGET_REGIONS[0]?.region && index === 0 ? field.ref : undefined },
                                  }}
                                />
                              }
                            />
                          ))}
                        </FormGroup>
                      </FormControl>
                    </Box>
                  ))}
                </Box>
                {fieldState.error && <FormHelperText role="alert">{fieldState.error.message}</FormHelperText>}
              </FormControl>
            );
          }}
        />
      )}
    </>
  );
}
