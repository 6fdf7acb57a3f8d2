import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SelectField } from './select-field.tsx';
import { RadioRowField } from './radio-row-field.tsx';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { REFERRAL_PRESETS, SOCIAL_NETWORKS, TRAFFIC_SOURCES, WEBSITE_LIMITS, type TrafficSource } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import type { WebsiteFormValues } from '../website-form-model.ts';
import { textFieldProps } from '../field-props.ts';

const SOURCE_LABELS: Record<TrafficSource, string> = { Direct: 'Direct', Referal: 'Referal', Organic: 'Organic', Social: 'Social' };

/**
 * The normal form's traffic source: choosing a source shows only that source's input (docs/product.md
 * section 4); Direct needs none. The other sources' values are kept while hidden, so switching back
 * loses nothing, and only the chosen one is sent.
 */
export function TrafficSourceFields() {
  const { control, setValue } = useFormContext<WebsiteFormValues>();
  const source = useWatch({ control, name: 'trafficSource' });
  const referral = useWatch({ control, name: 'referral' });

  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <RadioRowField name="trafficSource" legend="Traffic Source" options={TRAFFIC_SOURCES} labels={SOURCE_LABELS} />
      </Grid>
      {source === 'Referal' && (
        <Grid size={{ xs: 12, sm: 7 }}>
          <Controller
            name="referral"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label="Referral address"
                placeholder="https://"
                type="url"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: WEBSITE_LIMITS.address } }}
                fullWidth
              />
            )}
          />
        </Grid>
      )}
      {source === 'Referal' && (
        <Grid size={{ xs: 12, sm: 5 }}>
          <TextField
            select
            label="Referral preset"
            value={(REFERRAL_PRESETS as readonly string[]).includes(referral) ? referral : ''}
            onChange={(event) => setValue('referral', event.target.value, { shouldDirty: true })}
            fullWidth
          >
            {REFERRAL_PRESETS.map((preset) => (
              <MenuItem key={preset} value={preset}>
                {preset}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      )}
      {source === 'Organic' && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="keyword"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label="Keyword"
                placeholder={MSG.keywordPlaceholder}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { maxLength: WEBSITE_LIMITS.keyword } }}
                fullWidth
              />
            )}
          />
        </Grid>
      )}
      {source === 'Social' && (
        <Grid size={{ xs: 12, sm: 6 }}>
          {/* The admin's view leaves this one select usable (docs/product.md section 2, View website). */}
          <SelectField name="social" label="Social network" options={SOCIAL_NETWORKS} />
        </Grid>
      )}
    </Grid>
  );
}
