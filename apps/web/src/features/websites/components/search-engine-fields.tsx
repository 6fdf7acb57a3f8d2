import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { SEARCH_ENGINES, WEBSITE_LIMITS } from '@traffic/shared/constants';
import { externalLinks } from '../../../shell/links.ts';
import { titleLabelFor } from '../search-engine-title.ts';
import type { WebsiteFormValues } from '../website-form-model.ts';
import { KeywordsInput } from './keywords-input.tsx';
import { SelectField } from './select-field.tsx';
import { textFieldProps } from '../field-props.ts';

/** The non-normal form's search part: the engine, the title it is found by, and up to five keywords. */
export function SearchEngineFields() {
  const { control } = useFormContext<WebsiteFormValues>();
  const engine = useWatch({ control, name: 'searchEngine' });
  const titleLabel = titleLabelFor(engine);

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 5 }}>
        <SelectField name="searchEngine" label="Search Engine" options={SEARCH_ENGINES} />
      </Grid>
      <Grid size={{ xs: 12, sm: 7 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Controller
            name="title"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...textFieldProps(field)}
                label={titleLabel}
                required
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? `${field.value.length}/${WEBSITE_LIMITS.title}`}
                slotProps={{ htmlInput: { maxLength: WEBSITE_LIMITS.title }, formHelperText: { sx: { textAlign: 'right' } } }}
                fullWidth
              />
            )}
          />
          <Link
            href={externalLinks.videoTutorials}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Help video: finding your ${titleLabel.toLowerCase()}`}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, pt: 2, whiteSpace: 'nowrap' }}
          >
            <PlayCircleIcon fontSize="small" aria-hidden="true" />
            Help
          </Link>
        </Stack>
      </Grid>
      <Grid size={12}>
        <Controller
          name="keywords"
          control={control}
          render={({ field, fieldState }) => (
            <KeywordsInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      </Grid>
    </Grid>
  );
}
