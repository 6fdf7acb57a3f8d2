import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { SelectField } from './select-field.tsx';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { REFERRAL_PRESETS, SOCIAL_NETWORKS, TRAFFIC_SOURCES, type TrafficSource } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import type { WebsiteFormValues } from '../website-form-model.ts';

const SOURCE_LABELS: Record<TrafficSource, string> = { Direct: 'Direct', Referal: 'Referal', Organic: 'Organic', Social: 'Social' };

interface TrafficSourceFieldsProps {
  /** The admin's view: nothing can change but the social network select (docs/product.md section 2). */
  readOnly: boolean;
}

/** The normal form's traffic source: choosing a source enables only that source's input (docs/product.md section 4). */
export function TrafficSourceFields({ readOnly }: TrafficSourceFieldsProps) {
  const { control, setValue } = useFormContext<WebsiteFormValues>();
  const source = useWatch({ control, name: 'trafficSource' });
  const referral = useWatch({ control, name: 'referral' });
  const off = (own: TrafficSource) => readOnly || source !== own;

  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Controller
          name="trafficSource"
          control={control}
          render={({ field }) => (
            <FormControl component="fieldset" disabled={readOnly}>
              <FormLabel component="legend">Traffic Source</FormLabel>
              <RadioGroup
                row
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value as TrafficSource)}
              >
                {TRAFFIC_SOURCES.map((option) => (
                  <FormControlLabel key={option} value={option} control={<Radio />} label={SOURCE_LABELS[option]} />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 7 }}>
        <Controller
          name="referral"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="Referral address"
              placeholder="https://"
              type="url"
              disabled={off('Referal')}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              fullWidth
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <TextField
          select
          label="Referral preset"
          value={(REFERRAL_PRESETS as readonly string[]).includes(referral) ? referral : ''}
          onChange={(event) => setValue('referral', event.target.value, { shouldDirty: true })}
          disabled={off('Referal')}
          fullWidth
        >
          {REFERRAL_PRESETS.map((preset) => (
            <MenuItem key={preset} value={preset}>
              {preset}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          name="keyword"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="Keyword"
              placeholder={MSG.keywordPlaceholder}
              disabled={off('Organic')}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              fullWidth
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectField
          name="social"
          label="Social network"
          options={SOCIAL_NETWORKS}
          // The admin's view leaves this one select usable (docs/product.md section 2, View website).
          disabled={readOnly ? false : source !== 'Social'}
        />
      </Grid>
    </Grid>
  );
}
