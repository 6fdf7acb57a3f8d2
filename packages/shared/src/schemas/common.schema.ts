import { z } from 'zod';
import './plain-words.ts';
import { ERROR_CODES } from '../errors.ts';

export const errorBodySchema = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** What the browser needs to know about this deployment (never a secret). */
export const clientConfigSchema = z.object({
  paymentsMode: z.enum(['sandbox', 'live']),
  /** PayPal's public client id for the JS SDK; null in sandbox mode, where our own approval dialog stands in. */
  paypalClientId: z.string().nullable(),
  currency: z.literal('USD'),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
