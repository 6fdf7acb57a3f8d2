import type { ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';

/**
 * A Controller's field for a MUI TextField: its ref goes to the input only. Spread whole, the ref
 * would also reach the TextField's outer box (React sets a child's ref before its parent's), and the
 * form would "focus" that box on an invalid submit, leaving focus where it was.
 */
export function textFieldProps<T extends FieldValues, N extends FieldPath<T>>({ ref, ...field }: ControllerRenderProps<T, N>) {
  return { ...field, inputRef: ref };
}
