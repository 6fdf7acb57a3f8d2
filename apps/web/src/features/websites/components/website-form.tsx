import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { WEBSITE_LIMITS, type PackageType } from '@traffic/shared/constants';
import { paths } from '../../../app/paths.ts';
import { formResolver } from '../../../lib/form-resolver.ts';
import { hitSliderBounds } from '../hit-slider-bounds.ts';
import { checkWebsiteForm, type FormMode, type WebsiteFormValues } from '../website-form-model.ts';
import { GeolocationFields } from './geolocation-fields.tsx';
import { HitsSlider } from './hits-slider.tsx';
import { SearchEngineFields } from './search-engine-fields.tsx';
import { TrafficSourceFields } from './traffic-source-fields.tsx';
import { WaitDialog } from './wait-dialog.tsx';

export interface WebsiteFormProps {
  type: PackageType;
  mode: FormMode;
  /** Read once, when the form first renders: a later copy of the website never overwrites what was typed. */
  initialValues: WebsiteFormValues;
  /** The slider's maximum: the available hits, plus the site's own on edit. */
  maxHits: number;
  /** Shows the wait dialog. */
  submitting: boolean;
  onSubmit: (values: WebsiteFormValues) => void;
}

/** The one website form of docs/product.md section 2: add and edit, normal or not (the admin's view is a summary, view-website-page.tsx). */
export function WebsiteForm({ type, mode, initialValues, maxHits, submitting, onSubmit }: WebsiteFormProps) {
  const resolver = useMemo(() => formResolver((values: WebsiteFormValues) => checkWebsiteForm(values, type, mode)), [type, mode]);
  const form = useForm<WebsiteFormValues>({ defaultValues: initialValues, resolver, reValidateMode: 'onSubmit' });
  const { control, handleSubmit } = form;
  const bounds = hitSliderBounds(maxHits);
  const submit = handleSubmit(onSubmit);

  return (
    <FormProvider {...form}>
      <Stack component="form" spacing={3} noValidate onSubmit={submit} aria-label="Website" aria-busy={submitting}>
        <Controller
          name="url"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="Website address"
              type="url"
              placeholder="https://www.example.com"
              required={mode === 'create'}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? (mode === 'edit' ? 'The address of a website cannot be changed.' : undefined)}
              slotProps={{ htmlInput: { readOnly: mode !== 'create', autoComplete: 'url', maxLength: WEBSITE_LIMITS.address } }}
              fullWidth
            />
          )}
        />
        {type !== 'normal' && <SearchEngineFields />}
        <Controller
          name="dailyHitLimit"
          control={control}
          render={({ field, fieldState }) => (
            <HitsSlider value={field.value} onChange={field.onChange} bounds={bounds} error={fieldState.error?.message} />
          )}
        />
        {type === 'normal' && <TrafficSourceFields />}
        <Controller
          name="bounceRateReduction"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              label="Bounce Rate Reduction"
              control={<Switch name={field.name} checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
            />
          )}
        />
        <Divider />
        <GeolocationFields />
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={paths.websites()} variant="outlined" size="large" disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" size="large" loading={submitting}>
            Submit
          </Button>
        </Stack>
      </Stack>
      <WaitDialog open={submitting} />
    </FormProvider>
  );
}
