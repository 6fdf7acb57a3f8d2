import type { ReactNode } from 'react';
import { LIMITS, decimalPriceProblem, textProblem, wholeNumberProblem } from '../form-rules.ts';

/** How a column's value is edited in place; a column without one is read-only. */
export type CellEditor = 'text' | 'multiline' | 'whole' | 'price' | 'type';

export interface TableColumn<Row> {
  /** The draft field this column edits, and the React key. */
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  editor?: CellEditor;
  /** The value an edit starts from. */
  value?: (row: Row) => string;
  /** A share of the table's width ('20%'): the table is laid out for the admin content width at 1280 px. */
  width: string;
  /** Secondary fields shown under the primary one (its id, its type), in both modes. */
  secondary?: (row: Row) => ReactNode;
}

export type Draft = Record<string, string>;

export function draftOf<Row>(row: Row, columns: TableColumn<Row>[]): Draft {
  return Object.fromEntries(columns.filter((c) => c.editor && c.value).map((c) => [c.key, c.value!(row)]));
}

function problemOf(editor: CellEditor, raw: string): string | null {
  switch (editor) {
    case 'whole':
      return wholeNumberProblem(raw, LIMITS.count);
    case 'price':
      return decimalPriceProblem(raw);
    default:
      return textProblem(raw);
  }
}

/** Every failing cell of a draft, by column key. */
export function draftProblems<Row>(draft: Draft, columns: TableColumn<Row>[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const column of columns) {
    if (!column.editor) continue;
    const problem = problemOf(column.editor, draft[column.key] ?? '');
    if (problem) problems[column.key] = problem;
  }
  return problems;
}
