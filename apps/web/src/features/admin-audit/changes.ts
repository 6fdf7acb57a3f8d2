/** The longest value a change line shows; the full JSON is one click away. */
const MAX_VALUE = 80;

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  const text =
    typeof value === 'string' ? (value === '' ? '""' : value) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

type Fields = Record<string, unknown> | null;

/**
 * An audit row's change, one line per field: `status: ACTIVE → DEACTIVATED` where it had a value
 * before, `ended: 3` where the action only says what came of it, `key: old → —` where it went.
 */
export function changeLines(before: Fields, after: Fields): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key) => {
    const had = before !== null && key in before;
    const has = after !== null && key in after;
    if (had && has) return `${key}: ${show(before[key])} → ${show(after[key])}`;
    if (has) return `${key}: ${show(after![key])}`;
    return `${key}: ${show(before![key])} → —`;
  });
}
