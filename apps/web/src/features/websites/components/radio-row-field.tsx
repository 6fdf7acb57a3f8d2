import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Controller, useFormContext } from 'react-hook-form';
import type { WebsiteFormValues } from '../website-form-model.ts';

/** The website form's one-of-a-few choices, each a row of radios under its legend. */
type RadioRowName = 'geolocationType' | 'trafficSource';

/** A row of radios, one an option (its label from `labels`, else the option itself), setting `name`. */
export function RadioRowField<Name extends RadioRowName>({
  name,
  legend,
  options,
  labels,
}: {
  name: Name;
  legend: string;
  options: readonly WebsiteFormValues[Name][];
  labels?: Readonly<Record<WebsiteFormValues[Name], string>>;
}) {
  const { control } = useFormContext<WebsiteFormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl component="fieldset">
          <FormLabel component="legend">{legend}</FormLabel>
          <RadioGroup
            row
            name={field.name}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value as WebsiteFormValues[Name])}
          >
            {options.map((option) => (
              <FormControlLabel key={option} value={option} control={<Radio />} label={labels?.[option] ?? option} />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}
