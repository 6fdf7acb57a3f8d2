import { z } from 'zod';
import { ERROR_CODES } from '../errors.ts';

export const errorBodySchema = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });

export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
