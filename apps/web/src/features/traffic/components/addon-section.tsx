import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PackageType } from '@traffic/shared/constants';
import type { AddonPackage } from '@traffic/shared/schemas/catalogue.schema';
import type { CaptureResult, CheckoutForm } from '@traffic/shared/schemas/payments.schema';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PACKAGE_TYPE_LABELS } from '../../../components/package-type-tabs.tsx';
import { SECTION_TITLE, type AddonKind } from '../addon-kind.ts';
import { AddonCard } from './addon-card.tsx';

interface Props {
  kind: AddonKind;
  type: PackageType;
  query: UseQueryResult<AddonPackage[]>;
  onOrderCreated: (kind: AddonKind, addon: AddonPackage, checkout: CheckoutForm) => void;
  onPaid: (result: CaptureResult) => void;
  /** The account is deactivated: the cards offer no way to pay. */
  closed: boolean;
}

const cell = { xs: 12, sm: 6, md: 4, lg: 3 } as const;

/** 'Purchase Extra Hits' or 'Purchase Extra Slots': the add-ons of one kind and type. */
export function AddonSection({ kind, type, query, onOrderCreated, onPaid, closed }: Props) {
  const headingId = `addons-${kind}`;
  const shown = query.data?.filter((addon) => addon.type === type) ?? [];
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Typography id={headingId} variant="h5" component="h2">
        {SECTION_TITLE[kind]}
      </Typography>
      {query.isPending ? (
        <Grid container spacing={3}>
          {[0, 1, 2].map((index) => (
            <Grid key={index} size={cell}>
              <Skeleton variant="rounded" height={230} aria-hidden />
            </Grid>
          ))}
        </Grid>
      ) : query.isError ? (
        <LoadError
          message={`The extra ${kind} packages could not be loaded.`}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : shown.length === 0 ? (
        <EmptyState title={`No extra ${kind} for ${PACKAGE_TYPE_LABELS[type]} packages are available right now.`} />
      ) : (
        <Grid container spacing={3}>
          {shown.map((addon) => (
            <Grid key={addon.id} size={cell}>
              <AddonCard
                addon={addon}
                kind={kind}
                closed={closed}
                onOrderCreated={(a, checkout) => onOrderCreated(kind, a, checkout)}
                onPaid={onPaid}
              />
            </Grid>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
