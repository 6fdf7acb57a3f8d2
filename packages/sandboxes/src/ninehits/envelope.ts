/** Every 9Hits answer: `{status, messages, data}`; success is judged by `status`, not the HTTP code. */
export interface Envelope {
  status: 'ok' | 'error';
  messages: string[] | null;
  data: unknown;
}
export const ok = (data: unknown, messages: string[] | null = null): Envelope => ({ status: 'ok', messages, data });
export const error = (...messages: string[]): Envelope => ({ status: 'error', messages, data: null });
