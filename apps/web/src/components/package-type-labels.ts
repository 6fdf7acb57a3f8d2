import type { PackageType } from '@traffic/shared/constants';

/** The package types' names on screen. Apart from package-type-tabs.tsx, so a screen that only names a type does not load MUI's Tabs. */
export const PACKAGE_TYPE_LABELS: Record<PackageType, string> = { normal: 'Normal', seo: 'SEO' };
