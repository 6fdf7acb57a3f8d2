import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { PACKAGE_TYPES, type PackageType } from '@traffic/shared/constants';

import { PACKAGE_TYPE_LABELS } from './package-type-labels.ts';

export { PACKAGE_TYPE_LABELS };

/** The `:type?` of a route: the first type when absent, null when it names no type. */
export function packageTypeFromParam(param: string | undefined): PackageType | null {
  if (param === undefined) return PACKAGE_TYPES[0];
  return (PACKAGE_TYPES as readonly string[]).includes(param) ? (param as PackageType) : null;
}

export const packageTypeTabId = (idPrefix: string, type: PackageType) => `${idPrefix}-tab-${type}`;
export const packageTypePanelId = (idPrefix: string) => `${idPrefix}-panel`;

interface Props {
  value: PackageType;
  /** The page's link for a type: the URL follows the tab. */
  linkTo: (type: PackageType) => string;
  idPrefix: string;
}

/** One tab per package type; each is a link, so the address always names the type shown. */
export function PackageTypeTabs({ value, linkTo, idPrefix }: Props) {
  return (
    <Tabs
      value={value}
      aria-label="Package types"
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {PACKAGE_TYPES.map((type) => (
        <Tab
          key={type}
          value={type}
          label={PACKAGE_TYPE_LABELS[type]}
          component={RouterLink}
          to={linkTo(type)}
          id={packageTypeTabId(idPrefix, type)}
          aria-controls={packageTypePanelId(idPrefix)}
        />
      ))}
    </Tabs>
  );
}

/** A `/…/:type?` screen: `render` for the type its address names, or a redirect to `fallback` when it names none. */
export function PackageTypeRoute({ fallback, render }: { fallback: string; render: (type: PackageType) => ReactNode }) {
  const type = packageTypeFromParam(useParams().type);
  if (!type) return <Navigate to={fallback} replace />;
  return render(type);
}

/** The type tabs over the panel they control, which shows `children` for the type `value`. */
export function PackageTypePanel({ value, linkTo, idPrefix, children }: Props & { children: ReactNode }) {
  return (
    <>
      <PackageTypeTabs value={value} linkTo={linkTo} idPrefix={idPrefix} />
      <Box role="tabpanel" id={packageTypePanelId(idPrefix)} aria-labelledby={packageTypeTabId(idPrefix, value)} sx={{ pt: 3 }}>
        {children}
      </Box>
    </>
  );
}
