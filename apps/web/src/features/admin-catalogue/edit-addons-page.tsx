import Typography from '@mui/material/Typography';
import type { PackageType } from '@traffic/shared/constants';
import type { AddonPackage } from '@traffic/shared/schemas/catalogue.schema';
import { ADDON_KIND, type AddonKind } from './addon-kind.ts';
import { useDeleteAddonMutation } from './api/delete-addon.ts';
import { useAddons } from '../../lib/catalogue-queries.ts';
import { useUpdateAddonMutation } from './api/update-addon.ts';
import { AdminPage } from './components/admin-page.tsx';
import { EditableTable } from './components/editable-table.tsx';
import type { TableColumn } from './components/table-columns.ts';
import { formatCount, formatPrice } from './format.ts';
import { parseWhole } from './form-rules.ts';

const columns: TableColumn<AddonPackage>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (a) => a.name,
    editor: 'text',
    value: (a) => a.name,
    width: '28%',
    // The id under the name: read-only, and never scrolled out of view by an edit.
    secondary: (a) => (
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        <code>{a.id}</code>
      </Typography>
    ),
  },
  { key: 'price', header: 'Price', render: (a) => formatPrice(a.price), editor: 'price', value: (a) => a.price, width: '16%' },
  { key: 'count', header: 'Count', render: (a) => formatCount(a.count), editor: 'whole', value: (a) => String(a.count), width: '16%' },
  { key: 'type', header: 'Type', render: (a) => a.type, editor: 'type', value: (a) => a.type, width: '18%' },
];

/** /edithits and /editslots: the add-on catalogues, edited in place; Delete retires an add-on. */
function EditAddonsPage({ kind }: { kind: AddonKind }) {
  const info = ADDON_KIND[kind];
  const addons = useAddons(kind);
  const update = useUpdateAddonMutation(kind);
  const remove = useDeleteAddonMutation(kind);

  return (
    <AdminPage maxWidth="xl" title={info.editTitle} intro={`Edit or retire ${info.label.toLowerCase()} add-ons.`}>
      <EditableTable
        label={info.editTitle}
        columns={columns}
        rows={addons.data}
        loading={addons.isPending}
        failed={addons.isError}
        onRetry={() => void addons.refetch()}
        rowId={(a) => a.id}
        save={(a, draft) =>
          update.mutateAsync({
            id: a.id,
            name: draft.name!.trim(),
            price: draft.price!.trim(),
            count: parseWhole(draft.count!),
            type: draft.type as PackageType,
          })
        }
        remove={(a) => remove.mutateAsync(a.id)}
        describe={(a) => `${a.name} (${a.id})`}
        kind={kind}
        item={(a) => ({ id: a.id, name: a.name })}
        actionsWidth="22%"
        empty={`No ${info.label.toLowerCase()} add-ons yet.`}
      />
    </AdminPage>
  );
}

export const EditHitsPage = () => <EditAddonsPage kind="hits" />;
export const EditSlotsPage = () => <EditAddonsPage kind="slots" />;
