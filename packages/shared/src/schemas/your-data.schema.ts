import { z } from 'zod';
import './plain-words.ts';
import { currentPasswordField, twoFactorCodeField } from './security.schema.ts';

/**
 * Your data (docs/product.md section 11): a copy of everything held about the account, and closing
 * it for good (docs/decisions/0035-closing-an-account.md, 0036-data-export.md).
 */

/**
 * Closing an account: the password of whoever closes it (the owner, or the administrator acting on
 * the owner's request) and, when that account has two-factor sign-in on, its code or a recovery code.
 */
export const closeAccountBodySchema = z
  .object({ password: currentPasswordField, code: twoFactorCodeField.optional() })
  .meta({ id: 'CloseAccountBody' });

export const DATA_EXPORT_STATUSES = ['building', 'ready', 'failed'] as const;

/** One copy of the account's data: building (with its progress), ready until `expiresAt`, or failed. */
export const dataExportSchema = z
  .object({
    id: z.string(),
    status: z.enum(DATA_EXPORT_STATUSES),
    /** Parts written so far of `total` (both 0 until a job starts). */
    progress: z.number().int(),
    total: z.number().int(),
    createdAt: z.string(),
    readyAt: z.string().nullable(),
    /** After this the copy is deleted and a new one must be asked for. */
    expiresAt: z.string(),
    /** Bytes, once ready. */
    size: z.number().int().nullable(),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExportSchema>;

/** The caller's latest copy, if one is building or still downloadable. */
export const dataExportStatusSchema = z.object({ export: dataExportSchema.nullable() }).meta({ id: 'DataExportStatus' });

export const dataExportParamsSchema = z.object({
  id: z.uuid({ error: 'Not a copy of your data' }),
});

/** The file itself: JSON, saved by the browser. */
export const dataExportFileSchema = z.string().meta({ id: 'DataExportFile', description: 'application/json' });
