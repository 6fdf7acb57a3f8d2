import TextField from '@mui/material/TextField';
import { Controller, useWatch } from 'react-hook-form';
import { DEFAULT_PACKAGE_TYPE, type PackageType } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { addonIdFor } from '@traffic/shared/schemas/catalogue.schema';
import { notify } from '../../shell/toast.ts';
import { formResolver, useCheckedForm } from '../../lib/form-resolver.ts';
import { ADDON_KIND, type AddonKind } from './addon-kind.ts';
import { useCreateAddonMutation } from './api/create-addon.ts';
import { useAddons } from '../../lib/catalogue-queries.ts';
import { AddItemPage, WholeNumberField } from './components/add-item-page.tsx';
import { PackageTypeField } from './components/package-type-field.tsx';
import { describeAddon } from './format.ts';
import { LIMITS, failuresOf, parseWhole, textProblem, wholeNumberProblem } from './form-rules.ts';
import { useAddItem } from './components/use-add-item.ts';

interface AddonFormValues {
  name: string;
  count: string;
  price: string;
  type: PackageType;
}

const EMPTY: AddonFormValues = { name: '', count: '', price: '', type: DEFAULT_PACKAGE_TYPE };

const resolver = formResolver<AddonFormValues>(
  (values) =>
    failuresOf({
      name: textProblem(values.name),
      count: wholeNumberProblem(values.count, LIMITS.count),
      price: wholeNumberProblem(values.price, LIMITS.price),
    }),
  { show: 'all' },
);

/** The id the server will give the add-on, once the count reads as one. */
function previewId(count: string, kind: AddonKind): string | undefined {
  const value = parseWhole(count);
  return Number.isNaN(value) || value < LIMITS.count.min ? undefined : addonIdFor(value, kind);
}

/** /addhits and /addslots: Name, Count, Price, Type; the product's toasts; the form clears after a success. */
function AddAddonPage({ kind }: { kind: AddonKind }) {
  const info = ADDON_KIND[kind];
  const list = useAddons(kind);
  const create = useCreateAddonMutation(kind);
  const { register, control, handleSubmit, reset, errors } = useCheckedForm<AddonFormValues>(resolver, EMPTY);
  const id = previewId(useWatch({ control, name: 'count' }), kind);
  const taken = id !== undefined && list.data?.some((addon) => addon.id === id);

  const { refusal, add } = useAddItem(create, { added: info.added, failed: info.addFailed }, () => reset(EMPTY));

  function save(values: AddonFormValues) {
    const count = parseWhole(values.count);
    const body = { id: addonIdFor(count, kind), name: values.name.trim(), count, price: parseWhole(values.price), type: values.type };
    add(body);
  }

  const countHelp = id ? `Saved as ${id}${taken ? ', which already exists' : ''}` : 'How many extra ' + kind;
  return (
    <AddItemPage
      title={info.addTitle}
      intro={`Create an ${info.label.toLowerCase()} add-on customers can buy.`}
      submitLabel={info.addButton}
      onSubmit={handleSubmit(save, () => notify.error(MSG.fillAllFields))}
      busy={create.isPending}
      refusal={refusal}
      existing={{
        title: `Existing ${info.label.toLowerCase()} packages`,
        items: list.data?.map((addon) => ({ id: addon.id, primary: `${addon.name} (${addon.id})`, secondary: describeAddon(addon) })),
        loading: list.isPending,
        failed: list.isError,
        onRetry: () => void list.refetch(),
        highlightId: taken ? id : undefined,
      }}
    >
      <TextField label="Name" {...register('name')} error={Boolean(errors.name)} helperText={errors.name?.message} fullWidth />
      <WholeNumberField
        label="Count"
        min={LIMITS.count.min}
        registration={register('count')}
        error={errors.count?.message}
        help={countHelp}
      />
      <WholeNumberField
        label="Price"
        min={LIMITS.price.min}
        registration={register('price')}
        error={errors.price?.message}
        help="Whole US dollars"
      />
      <Controller name="type" control={control} render={({ field }) => <PackageTypeField {...field} fullWidth />} />
    </AddItemPage>
  );
}

export const AddHitsPage = () => <AddAddonPage kind="hits" />;
export const AddSlotsPage = () => <AddAddonPage kind="slots" />;
