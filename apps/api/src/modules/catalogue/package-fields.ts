import { schema } from '@traffic/db';
import { rowJson } from '../../lib/sql-json.ts';
import type { PackageRow } from './catalogue.repository.ts';

/** The package fields every answer carries (catalogue.presenter.ts presents exactly these). */
export const PACKAGE_FIELDS = [
  'id',
  'name',
  'price',
  'description',
  'type',
  'hitsPerDay',
  'slots',
] as const satisfies readonly (keyof PackageRow)[];

export type PackageSource = Pick<PackageRow, (typeof PACKAGE_FIELDS)[number]>;

/** A package row as JSON with the same fields (for the user object's subscriptions). */
export const packageJson = (alias: string) => rowJson(schema.packages, PACKAGE_FIELDS, alias, { asText: ['price'] });
