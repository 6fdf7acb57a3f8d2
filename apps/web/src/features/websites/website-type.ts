import { PACKAGE_TYPES, type PackageType } from '@traffic/shared/constants';
import type { Website } from '@traffic/shared/schemas/accounts.schema';

/** The package type a website belongs to (the wire carries it as a plain string). */
export const packageTypeOf = (website: Pick<Website, 'type'>): PackageType =>
  (PACKAGE_TYPES as readonly string[]).includes(website.type) ? (website.type as PackageType) : 'normal';
