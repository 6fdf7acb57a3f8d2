import { useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../../shell/toast.ts';
import { EditableRow } from './editable-row.tsx';
import { draftOf, draftProblems, type Draft, type TableColumn } from './table-columns.ts';
import { useCatalogueDelete } from './use-catalogue-delete.tsx';
import type { CatalogueKind } from '../api/get-holders.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TableHeaderRow } from '../../../components/table-header-row.tsx';

interface EditableTableProps<Row> {
  label: string;
  columns: TableColumn<Row>[];
  rows: Row[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  rowId: (row: Row) => string;
  /** Saves a checked draft; rejects on failure. */
  save: (row: Row, draft: Draft) => Promise<unknown>;
  remove: (row: Row) => Promise<unknown>;
  /** Names the row in its inputs' labels. */
  describe: (row: Row) => string;
  /** What the catalogue sells, for the delete dialog's holders; `item` names a row there. */
  kind: CatalogueKind;
  item: (row: Row) => { id: string; name: string };
  /** The Actions column's share of the width. */
  actionsWidth?: string;
  empty: string;
}

/**
 * A catalogue table edited in place (docs/product.md section 2): one row at a time turns into inputs with
 * Save and Cancel; Delete asks first. Failures keep the row as it was typed and say so in a toast.
 */
export function EditableTable<Row>({
  label,
  columns,
  rows,
  loading,
  failed,
  onRetry,
  rowId,
  save,
  remove,
  describe,
  kind,
  item,
  actionsWidth = '16%',
  empty,
}: EditableTableProps<Row>) {
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const deletion = useCatalogueDelete<Row>({ kind, item, remove });

  function stopEditing() {
    setEditing(null);
    setProblems({});
  }

  async function commit(row: Row) {
    if (!editing) return;
    const found = draftProblems(editing.draft, columns);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      notify.error(MSG.fillAllFields);
      return;
    }
    setSaving(true);
    try {
      await save(row, editing.draft);
      stopEditing();
    } catch {
      notify.error(MSG.packageEditFailed);
    } finally {
      setSaving(false);
    }
  }

  const colSpan = columns.length + 1;
  return (
    <>
      {failed && <LoadError message="The list could not be loaded." onRetry={onRetry} sx={{ mb: 2 }} />}
      <TableScroll label={label} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
        {/* Fixed widths that fit the admin content width at 1280 px, in both modes, so a row turning into inputs
            neither reflows the table nor scrolls it sideways; a phone scrolls it inside this region. */}
        <Table aria-label={label} sx={{ tableLayout: 'fixed', minWidth: { xs: 760, md: 0 } }}>
          <colgroup>
            {columns.map((column) => (
              <col key={column.key} style={{ width: column.width }} />
            ))}
            <col style={{ width: actionsWidth }} />
          </colgroup>
          <TableHeaderRow headers={[...columns.map((column) => column.header), 'Actions']} lastAlign="right" />
          <TableBody>
            {loading &&
              [0, 1, 2].map((n) => (
                <TableRow key={`loading-${n}`}>
                  <TableCell colSpan={colSpan}>
                    <Skeleton height={32} />
                  </TableCell>
                </TableRow>
              ))}
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={colSpan} align="center" sx={{ py: 5, color: 'text.secondary' }}>
                  {empty}
                </TableCell>
              </TableRow>
            )}
            {rows?.map((row) => {
              const id = rowId(row);
              const mine = editing?.id === id;
              return (
                <EditableRow
                  key={id}
                  row={row}
                  rowLabel={describe(row)}
                  columns={columns}
                  draft={mine ? editing.draft : null}
                  problems={mine ? problems : {}}
                  saving={mine && saving}
                  locked={editing !== null && !mine}
                  onEdit={() => {
                    setProblems({});
                    setEditing({ id, draft: draftOf(row, columns) });
                  }}
                  onDelete={() => deletion.ask(row)}
                  onChange={(key, value) =>
                    setEditing((current) => (current && current.id === id ? { id, draft: { ...current.draft, [key]: value } } : current))
                  }
                  onSave={() => void commit(row)}
                  onCancel={stopEditing}
                />
              );
            })}
          </TableBody>
        </Table>
      </TableScroll>
      {deletion.dialog}
    </>
  );
}
