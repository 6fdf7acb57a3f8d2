import TextField from '@mui/material/TextField';
import { LIMITS } from '../form-rules.ts';
import type { CellEditor } from './table-columns.ts';
import { PackageTypeField } from './package-type-field.tsx';

interface CellEditorFieldProps {
  editor: CellEditor;
  /** The column header: the input's accessible name. */
  label: string;
  value: string;
  problem?: string;
  autoFocus: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
}

/** One cell of a row in edit mode. */
export function CellEditorField({ editor, label, value, problem, autoFocus, disabled, onChange }: CellEditorFieldProps) {
  const common = {
    value,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    error: Boolean(problem),
    helperText: problem,
    disabled,
    size: 'small' as const,
    fullWidth: true,
  };
  if (editor === 'type') {
    return <PackageTypeField {...common} label={undefined} slotProps={{ select: { SelectDisplayProps: { 'aria-label': label } } }} />;
  }
  return (
    <TextField
      {...common}
      autoFocus={autoFocus}
      multiline={editor === 'multiline'}
      minRows={editor === 'multiline' ? 3 : undefined}
      // A price is text with a decimal keypad: a spinner stepping by cents helps nobody.
      type={editor === 'whole' ? 'number' : 'text'}
      slotProps={{
        htmlInput: {
          'aria-label': label,
          ...(editor === 'whole' && { min: LIMITS.count.min, step: 1, inputMode: 'numeric' as const }),
          ...(editor === 'price' && { inputMode: 'decimal' as const }),
        },
      }}
    />
  );
}
