import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { PackageType } from '@traffic/shared/constants';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { paths } from '../../shell/paths.ts';
import { useSignedInUser } from '../../shell/session/index.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { PACKAGE_TYPE_LABELS, PackageTypePanel, PackageTypeRoute } from '../../components/package-type-tabs.tsx';
import { typeStateOf, type TypeState } from '../../lib/subscription.ts';
import { AccountNotices } from './components/account-notices.tsx';
import { AddWebsiteBar } from './components/add-website-bar.tsx';
import { WebsiteCard } from './components/website-card.tsx';
import { WebsiteStats } from './components/website-stats.tsx';
import { PageLayout } from '../../components/page-layout.tsx';
import { canAddWebsite, statsOf, websitesOf } from './subscription-state.ts';

const TABS = 'websites';

/** /websites/:type?: the user's websites of one package type, with that type's capacity. */
export function WebsitesPage() {
  return <PackageTypeRoute fallback={paths.websites()} render={(type) => <WebsitesOfType type={type} />} />;
}

function WebsitesOfType({ type }: { type: PackageType }) {
  const user = useSignedInUser();
  const state = typeStateOf(user, type);
  return (
    <PageLayout title="Websites" lead="The websites receiving traffic from your packages, one list per package type.">
      <PackageTypePanel value={type} linkTo={paths.websites} idPrefix={TABS}>
        <Stack spacing={3}>
          <AccountNotices type={type} status={user.status} state={state} />
          {state.kind === 'none' && websitesOf(user, type).length === 0 ? (
            <NoPackageYet type={type} offerPackages={user.status !== 'DEACTIVATED'} />
          ) : (
            <TypeContent user={user} type={type} state={state} />
          )}
        </Stack>
      </PackageTypePanel>
    </PageLayout>
  );
}

/** A type never bought: one empty state, not "expired", not a limit, not a block of zeros. */
function NoPackageYet({ type, offerPackages }: { type: PackageType; offerPackages: boolean }) {
  const label = PACKAGE_TYPE_LABELS[type];
  return (
    <EmptyState
      title={`You have no ${label} package yet.`}
      action={
        offerPackages && (
          <Button variant="contained" component={RouterLink} to={paths.pricing(type)}>
            See {label} packages
          </Button>
        )
      }
    >
      {`${label} websites are added with a ${label} package; they will be listed here.`}
    </EmptyState>
  );
}

function TypeContent({ user, type, state }: { user: User; type: PackageType; state: TypeState }) {
  const stats = statsOf(user, type);
  const websites = websitesOf(user, type);
  const active = user.status === 'ACTIVE';
  const running = state.kind === 'active';
  const hasRoom = canAddWebsite(stats);
  const mayActivate = active && running && stats.availableHits >= 0 && stats.availableSlots >= 0;
  return (
    <>
      <WebsiteStats stats={stats} />
      {/* Expired: the notice above says what to do; deactivated: nothing can be added or bought. */}
      {active && running && <AddWebsiteBar type={type} hasRoom={hasRoom} />}
      <Box component="section" aria-labelledby="websites-list-title">
        <Typography id="websites-list-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          Your {PACKAGE_TYPE_LABELS[type]} websites
        </Typography>
        {websites.length === 0 ? (
          <EmptyState title="No websites yet">
            {active && running && hasRoom
              ? 'Add a website to start receiving traffic.'
              : `Websites you add with a ${PACKAGE_TYPE_LABELS[type]} package will be listed here.`}
          </EmptyState>
        ) : (
          <Stack spacing={2}>
            {websites.map((website) => (
              <WebsiteCard key={website.id} website={website} mayEdit={active} mayActivate={mayActivate} />
            ))}
          </Stack>
        )}
      </Box>
    </>
  );
}
