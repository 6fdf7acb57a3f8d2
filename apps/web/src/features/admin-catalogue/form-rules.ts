import type { FieldValues, Path } from 'react-hook-form';
import type { FormFailure } from '../../lib/form-resolver.ts';
import { MIN_PRICE } from '@traffic/shared/schemas/catalogue.schema';

/*
 * The admin forms' checks (docs/product.md section 5, "Admin forms"): any failing field blocks the
 * submission with 'Please fill all fields'; the field itself says what is wrong with it.
 */

/** The server's bounds (createAddonBodySchema and friends), so a value it would refuse is caught here. */
export const LIMITS = {
  count: { min: 1, max: 100_000_000 },
  // Whole dollars in the add forms; a price of 0 would make a free package (the server refuses it too).
  price: { min: 1, max: 1_000_000 },
} as const;

/** docs/product.md: price, count, hits and slots are read as whole numbers, the way parseInt reads them ("12.7" is 12). */
export function parseWhole(raw: string): number {
  return Number.parseInt(raw.trim(), 10);
}

const REQUIRED = 'Required';

export function textProblem(raw: string): string | null {
  return raw.trim() ? null : REQUIRED;
}

export function wholeNumberProblem(raw: string, { min, max }: { min: number; max: number }): string | null {
  if (!raw.trim()) return REQUIRED;
  const value = parseWhole(raw);
  if (Number.isNaN(value)) return 'Enter a whole number';
  if (value < min) return `Enter at least ${min}`;
  if (value > max) return `Enter at most ${max.toLocaleString('en-US')}`;
  return null;
}

const DECIMAL_PRICE = /^\d+(\.\d{1,2})?$/;

/** Editing keeps a price's cents ("14.99" stays 14.99): the tables edit what the catalogue holds. */
export function decimalPriceProblem(raw: string): string | null {
  const value = raw.trim();
  if (!value) return REQUIRED;
  if (!DECIMAL_PRICE.test(value)) return 'Enter an amount like 14.99';
  if (Number(value) < MIN_PRICE) return `Enter at least ${MIN_PRICE}`;
  if (Number(value) > LIMITS.price.max) return `Enter at most ${LIMITS.price.max.toLocaleString('en-US')}`;
  return null;
}

export type Problems<T> = Partial<Record<Extract<keyof T, string>, string | null>>;

/** An admin form's problems by field, as the failures the one form resolver takes (every one is shown). */
export function failuresOf<T extends FieldValues>(problems: Problems<T>): FormFailure<T>[] {
  return Object.entries(problems)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([field, message]) => ({ field: field as Path<T>, message }));
}
