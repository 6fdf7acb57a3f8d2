import { z } from 'zod';

/*
 * docs/product.md section 3, "Pending purchase": what the browser remembers between Buy Now and the card
 * gateway sending it back to /purchase or /purchaseaddon. One record per kind of return page, so
 * buying an add-on never overwrites a package still being confirmed.
 */
const PACKAGE_KEY = 'pendingPurchase';
const ADDON_KEY = 'pendingAddonPurchase';

const packageRecord = z.object({
  pkg: z.string().min(1),
  name: z.string(),
  email: z.string(),
  uuid: z.string().min(1),
  type: z.literal('PACKAGE'),
});
export type PendingPackagePurchase = z.infer<typeof packageRecord>;

const addonRecord = z.object({
  name: z.string(),
  additional_id: z.string().min(1),
  user_id: z.union([z.number(), z.string()]),
  /** The paid order's id (`orderUUID`): the activation calls name the order by it. */
  token: z.string().min(1),
  type: z.enum(['Hits', 'Slots']),
});
export type PendingAddonPurchase = z.infer<typeof addonRecord>;

// Storage can be unavailable (blocked cookies, private modes): the return page then reports a failure.
function write(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // See above.
  }
}

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See `write`.
  }
}

export const pendingPackage = {
  save: (record: Omit<PendingPackagePurchase, 'type'>) => write(PACKAGE_KEY, { ...record, type: 'PACKAGE' }),
  read: () => read(PACKAGE_KEY, packageRecord),
  clear: () => remove(PACKAGE_KEY),
};

export const pendingAddon = {
  save: (record: PendingAddonPurchase) => write(ADDON_KEY, record),
  read: () => read(ADDON_KEY, addonRecord),
  clear: () => remove(ADDON_KEY),
};

/** Where each kind of record is kept; tests and the e2e suite read storage by these names. */
export const PENDING_PURCHASE_KEYS = { package: PACKAGE_KEY, addon: ADDON_KEY } as const;
