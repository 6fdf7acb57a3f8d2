/** Every 9Hits answer: `{status, messages, data}`; success is judged by `status`, not the HTTP code. */
export interface Envelope {
  status: 'ok' | 'error';
  messages: string[] | null;
  data: unknown;
}
export const ok = (data: unknown, messages: string[] | null = null): Envelope => ({ status: 'ok', messages, data });
export const error = (...messages: string[]): Envelope => ({ status: 'error', messages, data: null });

/**
 * An `ok` answer carrying a list, as the bytes sent: each item serialized on its own into one buffer
 * of the exact size. JSON.stringify of a whole 500-campaign page (~730 kB) builds the text in pieces
 * that the HTTP answer then copies into one string and again into bytes, about a third of the
 * sandbox's CPU a page (docs/performance.md, run 19). The text is the same as JSON.stringify's.
 */
export function okList(items: readonly unknown[], messages: string[] | null = null): Buffer {
  const head = `{"status":"ok","messages":${JSON.stringify(messages)},"data":[`;
  // As JSON.stringify writes a list: what has no JSON (undefined, a function, a hole) is null.
  const parts = Array.from(items, (item) => (JSON.stringify(item) as string | undefined) ?? 'null');
  let size = Buffer.byteLength(head) + Math.max(parts.length - 1, 0) + 2;
  for (const part of parts) size += Buffer.byteLength(part);
  const bytes = Buffer.allocUnsafe(size);
  let at = bytes.write(head);
  parts.forEach((part, i) => {
    if (i > 0) bytes[at++] = 0x2c;
    at += bytes.write(part, at);
  });
  at += bytes.write(']}', at);
  return bytes.subarray(0, at);
}
