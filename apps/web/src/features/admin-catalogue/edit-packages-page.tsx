import Typography from '@mui/material/Typography';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import { useDeletePackageMutation } from './api/delete-package.ts';
import { usePackages } from '../../lib/catalogue-queries.ts';
import { useUpdatePackageMutation } from './api/update-package.ts';
import { AdminPage } from './components/admin-page.tsx';
import { EditableTable } from './components/editable-table.tsx';
import type { TableColumn } from './components/table-columns.ts';
import { formatCount, formatPrice } from './format.ts';
import { parseWhole } from './form-rules.ts';

/** The description is HTML list markup; the table shows its words, the editor the markup itself. */
const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The id and the type under the name: read-only, and never scrolled out of view by an edit. */
const idAndType = (p: Package) => (
  <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
    <code>{p.id}</code> · {p.type}
  </Typography>
);

const columns: TableColumn<Package>[] = [
  { key: 'name', header: 'Name', render: (p) => p.name, editor: 'text', value: (p) => p.name, width: '20%', secondary: idAndType },
  { key: 'price', header: 'Price', render: (p) => formatPrice(p.price), editor: 'price', value: (p) => p.price, width: '13%' },
  {
    key: 'hits_per_day',
    header: 'Hits per day',
    render: (p) => formatCount(p.hits_per_day),
    editor: 'whole',
    value: (p) => String(p.hits_per_day),
    width: '13%',
  },
  { key: 'slots', header: 'Slots', render: (p) => formatCount(p.slots), editor: 'whole', value: (p) => String(p.slots), width: '10%' },
  {
    key: 'description',
    header: 'Description',
    render: (p) => (
      <Typography
        variant="body2"
        title={plainText(p.description)}
        sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
      >
        {plainText(p.description)}
      </Typography>
    ),
    editor: 'multiline',
    value: (p) => p.description,
    width: '28%',
  },
];

/** /editpackage: the monthly packages, edited in place; Delete retires a package. */
export function EditPackagesPage() {
  const packages = usePackages();
  const update = useUpdatePackageMutation();
  const remove = useDeletePackageMutation();

  return (
    <AdminPage
      maxWidth="xl"
      title="Packages"
      intro="Edit or retire monthly packages. A retired package stays with its subscribers until their term ends."
    >
      <EditableTable
        label="Packages"
        columns={columns}
        rows={packages.data}
        loading={packages.isPending}
        failed={packages.isError}
        onRetry={() => void packages.refetch()}
        rowId={(p) => p.id}
        save={(p, draft) =>
          update.mutateAsync({
            id: p.id,
            name: draft.name!.trim(),
            price: draft.price!.trim(),
            hits_per_day: parseWhole(draft.hits_per_day!),
            slots: parseWhole(draft.slots!),
            description: draft.description!,
          })
        }
        remove={(p) => remove.mutateAsync(p.id)}
        describe={(p) => `${p.name} (${p.id})`}
        kind="package"
        item={(p) => ({ id: p.id, name: p.name })}
        empty="No packages yet."
      />
    </AdminPage>
  );
}
