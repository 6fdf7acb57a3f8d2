import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { Controller, FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { WEBSITE_LIMITS, type PackageType } from '@traffic/shared/constants';
import { paths } from '../../../shell/paths.ts';
import { ReadOnlyField } from '../../../components/read-only-field.tsx';
import { formResolver } from '../../../lib/form-resolver.ts';
import { hitSliderBounds } from '../hit-slider-bounds.ts';
import { checkWebsiteForm, type FormMode, type WebsiteFormValues } from '../website-form-model.ts';
import { GeolocationFields } from './geolocation-fields.tsx';
import { HitsSlider } from './hits-slider.tsx';
import { SearchEngineFields } from './search-engine-fields.tsx';
import { TrafficSourceFields } from './traffic-source-fields.tsx';
import { WaitDialog } from './wait-dialog.tsx';
import { textFieldProps } from '../field-props.ts';

/** What the summary calls each field the form's check can flag. */
const FIELD_LABELS: Record<keyof WebsiteFormValues, string> = {
  url: 'Website address',
  dailyHitLimit: 'Hits Per Day',
  trafficSource: 'Traffic Source',
  referral: 'Referral address',
  keyword: 'Keyword',
  social: 'Social network',
  bounceRateReduction: 'Bounce Rate Reduction',
  geolocationType: 'GEO Locations',
  countries: 'GEO Locations',
  searchEngine: 'Search Engine',
  title: 'Title',
  keywords: 'Keywords',
};

/** The summary's line for an invalid submit: which field, and the product's message for it. */
function summaryOf(errors: FieldErrors<WebsiteFormValues>): string | null {
  const [field, error] = Object.entries(errors)[0] ?? [];
  if (!field || !error) return null;
  const message = typeof error.message === 'string' ? error.message : '';
  return `${FIELD_LABELS[field as keyof WebsiteFormValues] ?? field}: ${message}`;
}

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
  // An invalid submit says so at the top of the form, and focus moves to the field (react-hook-form's
  // shouldFocusError, through each field's input ref), so something visible always happens.
  const [summary, setSummary] = useState<string | null>(null);
  const submit = handleSubmit(
    (values) => {
      setSummary(null);
      onSubmit(values);
    },
    (errors) => setSummary(summaryOf(errors)),
  );

  return (
    <FormProvider {...form}>
      <Stack
        component="form"
        spacing={3}
        noValidate
        onSubmit={submit}
        // The summary speaks of the last submit: the first change after it takes it away (the field keeps its own message).
        onChange={() => setSummary(null)}
        aria-label="Website"
        aria-busy={submitting}
      >
        {summary && <Alert severity="error">{`Please correct this before submitting. ${summary}`}</Alert>}
        {mode === 'create' ? (
          <Controller
            name="url"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label="Website address"
                type="url"
                placeholder="https://www.example.com"
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { autoComplete: 'url', maxLength: WEBSITE_LIMITS.address } }}
                fullWidth
              />
            )}
          />
        ) : (
          <ReadOnlyField label="Website address" value={initialValues.url} note="The address of a website cannot be changed." />
        )}
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
