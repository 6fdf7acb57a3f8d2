import { z } from 'zod';
import './plain-words.ts';
import { CATALOGUE_LIMITS, PACKAGE_TYPES } from '../constants.ts';

/** A price on the wire: a decimal string with two places ("14.99"), as docs/product.md section 3 says. */
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

// ---- Admin catalogue bodies (docs/product.md section 7, "Admin") ----

/** docs/product.md section 10, "Catalogue ids": 'pkg' + the name with everything but letters and digits removed. */
export function packageIdFor(name: string): string {
  return `pkg${name.replace(/[^A-Za-z0-9]/g, '')}`;
}

/** docs/product.md section 10, "Catalogue ids": count followed by 'Hits' or 'Slots'. */
export function addonIdFor(count: number, kind: 'hits' | 'slots'): string {
  return `${count}${kind === 'hits' ? 'Hits' : 'Slots'}`;
}

const MAX_PRICE = 1_000_000;
const MAX_COUNT = 100_000_000;

/** The smallest price: a catalogue item priced 0 would be a free package for anyone who "buys" it. */
export const MIN_PRICE = 0.01;
const PRICE_MESSAGE = `Price must be an amount of at least ${MIN_PRICE}`;

/** A price as a number or a decimal string, at least one cent, normalised to the wire's "0.00" form. */
export const priceInput = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,2})?$/, PRICE_MESSAGE),
    ],
    { error: PRICE_MESSAGE },
  )
  // Rounded to cents before the bounds, so that 0.004 (which would be stored as 0.00) is refused too.
  .transform((v) => Math.round(Number(v) * 100) / 100)
  .pipe(z.number().min(MIN_PRICE, PRICE_MESSAGE).max(MAX_PRICE, `Price must be at most ${MAX_PRICE}`))
  .transform((v) => v.toFixed(2));

const wholeNumber = (label: string, min: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, `${label} must be a whole number of at least ${min}`)], {
      error: `${label} must be a whole number of at least ${min}`,
    })
    .transform((v) => Number(v))
    .pipe(
      z
        .number()
        .int(`${label} must be a whole number of at least ${min}`)
        .min(min, `${label} must be a whole number of at least ${min}`)
        .max(MAX_COUNT, `${label} is too large`),
    );

const nameInput = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(CATALOGUE_LIMITS.name, `Name must be at most ${CATALOGUE_LIMITS.name} characters`);
const descriptionInput = z
  .string()
  .max(CATALOGUE_LIMITS.description, `Description must be at most ${CATALOGUE_LIMITS.description} characters`)
  .default('');
const idInput = z.string().trim().max(120).optional();

export const createPackageBodySchema = z
  .object({
    id: idInput,
    name: nameInput,
    price: priceInput,
    hits_per_day: wholeNumber('Hits', 1),
    slots: wholeNumber('Slots', 1),
    description: descriptionInput,
    type: packageTypeSchema.default('normal'),
  })
  .meta({ id: 'CreatePackageBody' });

export const updatePackageBodySchema = z
  .object({
    id: z.string().trim().min(1, 'id is required').max(120),
    name: nameInput,
    price: priceInput,
    hits_per_day: wholeNumber('Hits', 1),
    slots: wholeNumber('Slots', 1),
    description: descriptionInput,
    type: packageTypeSchema.optional(),
  })
  .meta({ id: 'UpdatePackageBody' });

export const createAddonBodySchema = z
  .object({
    id: idInput,
    name: nameInput,
    price: priceInput,
    count: wholeNumber('Count', 1),
    type: packageTypeSchema.default('normal'),
  })
  .meta({ id: 'CreateAddonBody' });

export const updateAddonBodySchema = z
  .object({
    id: z.string().trim().min(1, 'id is required').max(120),
    name: nameInput,
    price: priceInput,
    count: wholeNumber('Count', 1),
    type: packageTypeSchema.optional(),
  })
  .meta({ id: 'UpdateAddonBody' });

export const catalogueIdParamsSchema = z.object({ id: z.string().trim().min(1).max(120) });

/**
 * GET {packages|additional-hits|additional-slots}/{id}/holders (admin): who a deletion affects, for
 * its confirmation. `total` customers hold the item now; `holders` are the first 20 by end date.
 */
export const catalogueHoldersSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    total: z.number(),
    holders: z.array(
      z.object({
        id: z.number(),
        username: z.string(),
        email: z.string(),
        endsAt: z.string(),
        /** A package subscription its gateway renews (it does not end on `endsAt`). */
        renews: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'CatalogueHolders' });
export type CatalogueHolders = z.infer<typeof catalogueHoldersSchema>;
