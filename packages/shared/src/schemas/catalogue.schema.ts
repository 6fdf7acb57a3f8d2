import { z } from 'zod';
import { PACKAGE_TYPES } from '../constants.ts';

/** A price on the wire: a decimal string with two places ("14.99"), as SPEC.md section 3 says. */
export const priceString = z.string().regex(/^\d+\.\d{2}$/);

export const packageTypeSchema = z.enum(PACKAGE_TYPES);

export const packageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    price: priceString,
    description: z.string(),
    type: packageTypeSchema,
    hits_per_day: z.number().int(),
    slots: z.number().int(),
  })
  .meta({ id: 'Package' });
export type Package = z.infer<typeof packageSchema>;

export const addonSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    price: priceString,
    count: z.number().int(),
    type: packageTypeSchema,
  })
  .meta({ id: 'AddonPackage' });
export type AddonPackage = z.infer<typeof addonSchema>;

export const packageListSchema = z.array(packageSchema);
export const addonListSchema = z.array(addonSchema);
