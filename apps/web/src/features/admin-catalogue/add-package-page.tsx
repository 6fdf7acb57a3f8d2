import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { Controller, useWatch } from 'react-hook-form';
import { CATALOGUE_LIMITS, DEFAULT_PACKAGE_TYPE, type PackageType } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { packageIdFor } from '@traffic/shared/schemas/catalogue.schema';
import { notify } from '../../shell/toast.ts';
import { formResolver, useCheckedForm } from '../../lib/form-resolver.ts';
import { useCreatePackageMutation } from './api/create-package.ts';
import { usePackages } from '../../lib/catalogue-queries.ts';
import { AddItemPage, WholeNumberField } from './components/add-item-page.tsx';
import { PackageTypeField } from './components/package-type-field.tsx';
import { describePackage } from './format.ts';
import { LIMITS, failuresOf, parseWhole, textProblem, wholeNumberProblem } from './form-rules.ts';
import { useAddItem } from './components/use-add-item.ts';

interface PackageFormValues {
  name: string;
  hits: string;
  slots: string;
  price: string;
  description: string;
  type: PackageType;
}

const EMPTY: PackageFormValues = { name: '', hits: '', slots: '', price: '', description: '', type: DEFAULT_PACKAGE_TYPE };

/** A name of nothing but punctuation would make the id 'pkg', which the server refuses. */
function nameProblem(name: string): string | null {
  return textProblem(name) ?? (packageIdFor(name) === 'pkg' ? 'Use letters or digits' : null);
}

const resolver = formResolver<PackageFormValues>(
  (values) =>
    failuresOf({
      name: nameProblem(values.name),
      hits: wholeNumberProblem(values.hits, LIMITS.count),
      slots: wholeNumberProblem(values.slots, LIMITS.count),
      price: wholeNumberProblem(values.price, LIMITS.price),
      description: textProblem(values.description),
    }),
  { show: 'all' },
);

/**
 * /adminaddpackage and /admin/addPackage: a monthly package. Its toasts are worded like the
 * hit-package form's ('New hit pacakge added successfully' and the Hits Package failure).
 */
export function AddPackagePage() {
  const list = usePackages();
  const create = useCreatePackageMutation();
  const { register, control, handleSubmit, reset, errors } = useCheckedForm<PackageFormValues>(resolver, EMPTY);
  const name = useWatch({ control, name: 'name' });
  const id = nameProblem(name) ? undefined : packageIdFor(name);
  const taken = id !== undefined && list.data?.some((pkg) => pkg.id === id);

  const { refusal, add } = useAddItem(create, { added: MSG.hitPackageAdded, failed: MSG.hitPackageAddFailed }, () => reset(EMPTY));

  function save(values: PackageFormValues) {
    const body = {
      id: packageIdFor(values.name),
      name: values.name.trim(),
      hits_per_day: parseWhole(values.hits),
      slots: parseWhole(values.slots),
      price: parseWhole(values.price),
      description: values.description,
      type: values.type,
    };
    add(body);
  }

  const number = (field: 'hits' | 'slots' | 'price', label: string, help: string) => (
    <WholeNumberField
      label={label}
      min={LIMITS[field === 'price' ? 'price' : 'count'].min}
      registration={register(field)}
      error={errors[field]?.message}
      help={help}
    />
  );

  return (
    <AddItemPage
      title="New package"
      intro="Create a monthly package: hits per day and website slots for one package type."
      submitLabel="Add Package"
      onSubmit={handleSubmit(save, () => notify.error(MSG.fillAllFields))}
      busy={create.isPending}
      refusal={refusal}
      existing={{
        title: 'Existing packages',
        items: list.data?.map((pkg) => ({ id: pkg.id, primary: `${pkg.name} (${pkg.id})`, secondary: describePackage(pkg) })),
        loading: list.isPending,
        failed: list.isError,
        onRetry: () => void list.refetch(),
        highlightId: taken ? id : undefined,
      }}
    >
      <TextField
        label="Name"
        {...register('name')}
        error={Boolean(errors.name)}
        helperText={errors.name?.message ?? (id ? `Saved as ${id}${taken ? ', which already exists' : ''}` : ' ')}
        slotProps={{ htmlInput: { maxLength: CATALOGUE_LIMITS.name } }}
        fullWidth
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>{number('hits', 'Hits', 'Per day')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{number('slots', 'Slots', 'Websites')}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>{number('price', 'Price', 'Whole US dollars a month')}</Grid>
      </Grid>
      <TextField
        label="Description"
        multiline
        minRows={4}
        {...register('description')}
        error={Boolean(errors.description)}
        helperText={errors.description?.message ?? 'HTML list markup, e.g. <ul><li>Direct traffic</li></ul>'}
        slotProps={{ htmlInput: { maxLength: CATALOGUE_LIMITS.description } }}
        fullWidth
      />
      <Controller name="type" control={control} render={({ field }) => <PackageTypeField {...field} fullWidth />} />
    </AddItemPage>
  );
}
