/** Has the browser save `blob` as `fileName` (a download), then lets the object URL go. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; it can go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180); a leading =+-@ is defused for spreadsheets. */
function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text, a header row first, CRLF line ends. */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Saves rows as a CSV file. */
export function saveCsv(fileName: string, header: string[], rows: (string | number)[][]): void {
  saveBlob(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}
