import type { KeyboardEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { CellEditorField } from './cell-editor.tsx';
import type { Draft, TableColumn } from './table-columns.ts';

interface EditableRowProps<Row> {
  row: Row;
  /** Names the row in its inputs' labels ("Price of Basic (pkgBasic)"), so each input says which item it edits. */
  rowLabel: string;
  columns: TableColumn<Row>[];
  /** Set while this row is in edit mode. */
  draft: Draft | null;
  problems: Record<string, string>;
  saving: boolean;
  /** Another row is being edited: this one waits. */
  locked: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onChange: (key: string, value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** A catalogue row: its values with Edit and Delete, or inputs with Save and Cancel. */
export function EditableRow<Row>({
  row,
  rowLabel,
  columns,
  draft,
  problems,
  saving,
  locked,
  onEdit,
  onDelete,
  onChange,
  onSave,
  onCancel,
}: EditableRowProps<Row>) {
  if (!draft) {
    return (
      <TableRow hover>
        {columns.map((column) => (
          <TableCell key={column.key}>
            {column.render(row)}
            {column.secondary?.(row)}
          </TableCell>
        ))}
        <ActionsCell>
          <Button size="small" variant="outlined" onClick={onEdit} disabled={locked}>
            Edit
          </Button>
          <Button size="small" color="error" onClick={onDelete} disabled={locked}>
            Delete
          </Button>
        </ActionsCell>
      </TableRow>
    );
  }

  // Escape gives up the edit; Enter in a one-line input saves it.
  function keys(event: KeyboardEvent) {
    if (event.key === 'Escape') onCancel();
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      onSave();
    }
  }

  const firstEditable = columns.find((column) => column.editor)?.key;
  return (
    <TableRow selected onKeyDown={keys} sx={{ verticalAlign: 'top' }}>
      {columns.map((column) => (
        <TableCell key={column.key}>
          {column.editor ? (
            <CellEditorField
              editor={column.editor}
              label={`${column.header} of ${rowLabel}`}
              value={draft[column.key] ?? ''}
              problem={problems[column.key]}
              autoFocus={column.key === firstEditable}
              disabled={saving}
              onChange={(value) => onChange(column.key, value)}
            />
          ) : (
            column.render(row)
          )}
          {column.secondary?.(row)}
        </TableCell>
      ))}
      <ActionsCell>
        <Button size="small" variant="contained" onClick={onSave} loading={saving}>
          Save
        </Button>
        <Button size="small" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </ActionsCell>
    </TableRow>
  );
}

/** The row's last cell: its buttons side by side at the right, wrapping when narrow. */
function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <TableCell align="right">
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {children}
      </Stack>
    </TableCell>
  );
}
