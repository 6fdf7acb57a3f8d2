import type { ReactNode } from 'react';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import type { CustomerOverview } from '@traffic/shared/schemas/admin.schema';
import type { BillingType } from '@traffic/shared/schemas/billing.schema';
import { paths } from '../../../shell/paths.ts';
import { EmailText } from '../../../components/email-text.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useCustomerQuery } from '../api/get-customer.ts';
import { NinehitsStateChip } from '../components/ninehits-state-chip.tsx';
import { SectionCard } from '../components/section-card.tsx';
import { StatusChip } from '../components/status-chip.tsx';
import { WebsiteUrl } from '../components/website-url.tsx';
import { WebsiteViewButton } from '../components/website-view-button.tsx';
import { formatCount, formatDate } from '../format.ts';
import { useConfirmedUserAction } from '../use-confirmed-user-action.tsx';
import { UserActions } from '../users/user-actions.tsx';
import { CloseCustomerButton } from './close-customer-button.tsx';

/** What the shell adds from the payments and audit features (features do not import each other). */
export interface CustomerSections {
  payments: (customer: { id: number; email: string }) => ReactNode;
  audit: (customer: { id: number; email: string }) => ReactNode;
}

const TYPE_LABEL = { normal: 'Normal', seo: 'SEO' } as const;
const GATEWAY_LABEL = { card: 'Card', paypal: 'PayPal', grant: 'Granted by an administrator' } as const;

/** A package type's billing state in words, with the date it is about. */
function stateText(sub: BillingType): string {
  const on = formatDate(sub.expiresAt);
  switch (sub.state) {
    case 'renewing':
      return `Renews on ${on}`;
    case 'past-due':
      return `Past due: the last renewal failed; ends on ${on} unless a renewal succeeds`;
    case 'cancelled':
      return `Cancelled: ends on ${on}`;
    case 'not-renewing':
      return `Does not renew: ends on ${on}`;
    case 'expired':
      return `Expired on ${on}`;
    default:
      return 'No package of this type';
  }
}

const STATE_CHIP: Record<BillingType['state'], { label: string; color: 'success' | 'warning' | 'error' | 'default' | 'info' }> = {
  renewing: { label: 'Renewing', color: 'success' },
  'past-due': { label: 'Past due', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'warning' },
  'not-renewing': { label: 'Not renewing', color: 'info' },
  expired: { label: 'Expired', color: 'default' },
  none: { label: 'None', color: 'default' },
};

/** A term and its value; the list reads as pairs to assistive tech. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack component="div" sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Stack>
  );
}

/** One line of a section's list: the main text, then its details, wrapping below on a phone. */
function Row({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Stack
      component="li"
      aria-label={label}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.75, sm: 2 }}
      sx={{ px: 2.5, py: 1.5, borderTop: 1, borderColor: 'divider', alignItems: { sm: 'center' } }}
    >
      {children}
    </Stack>
  );
}

const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

function Empty({ children }: { children: string }) {
  return (
    <Typography color="text.secondary" sx={{ px: 2.5, pb: 2 }}>
      {children}
    </Typography>
  );
}

function Subscriptions({ subscriptions }: { subscriptions: CustomerOverview['subscriptions'] }) {
  return (
    <SectionCard title="Subscriptions" subtitle="Per package type: the package, where its billing stands and through which gateway.">
      <Stack component="ul" sx={listSx}>
        {subscriptions.map((sub) => (
          <Row key={sub.type} label={`${TYPE_LABEL[sub.type]} subscription`}>
            <Typography sx={{ fontWeight: 600, minWidth: 90 }}>{TYPE_LABEL[sub.type]}</Typography>
            <Typography sx={{ flex: { sm: '1 1 160px' } }}>{sub.packageName ?? '—'}</Typography>
            <Chip
              size="small"
              variant="outlined"
              label={STATE_CHIP[sub.state].label}
              color={STATE_CHIP[sub.state].color}
              sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
            />
            <Typography variant="body2" sx={{ flex: { sm: '2 1 240px' } }}>
              {stateText(sub)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ flex: { sm: '1 1 140px' } }}>
              {sub.gateway ? GATEWAY_LABEL[sub.gateway] : '—'}
            </Typography>
          </Row>
        ))}
      </Stack>
    </SectionCard>
  );
}

function Addons({ addons }: { addons: CustomerOverview['addons'] }) {
  return (
    <SectionCard title="Add-ons" subtitle="Extra hits and slots still running.">
      {addons.length === 0 ? (
        <Empty>No add-ons running.</Empty>
      ) : (
        <Stack component="ul" sx={listSx}>
          {addons.map((addon) => (
            <Row key={addon.id} label={addon.name}>
              <Typography sx={{ fontWeight: 600, flex: { sm: '1 1 200px' } }}>{addon.name}</Typography>
              <Typography variant="body2" sx={{ flex: { sm: '1 1 160px' } }}>
                {formatCount(addon.count)} {addon.kind === 'hits' ? 'extra hits a day' : 'extra slots'} · {TYPE_LABEL[addon.type]}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flex: { sm: '1 1 140px' } }}>
                Ends on {formatDate(addon.expiresAt)}
              </Typography>
            </Row>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

function Websites({ websites }: { websites: CustomerOverview['websites'] }) {
  return (
    <SectionCard title="Websites" subtitle="Newest first, with 9Hits' state and the hits delivered (collected per UTC day).">
      {websites.length === 0 ? (
        <Empty>No websites.</Empty>
      ) : (
        <Stack component="ul" sx={listSx}>
          {websites.map((site) => (
            <Row key={site.id} label={site.url}>
              <Stack sx={{ flex: { sm: '2 1 260px' }, minWidth: 0 }}>
                <WebsiteUrl url={site.url} />
                <Typography variant="caption" color="text.secondary">
                  {formatCount(site.dailyHitLimit)} hits a day
                </Typography>
              </Stack>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', flex: { sm: '1 1 180px' } }}>
                <StatusChip status={site.status} />
                {site.type === 'seo' && <Chip label="SEO" size="small" color="secondary" />}
                {site.pausedBySystem && site.status === 'PAUSED' && <Chip size="small" label="Paused by the system" />}
                <NinehitsStateChip state={site.ninehitsState} />
              </Stack>
              <Typography variant="body2" sx={{ flex: { sm: '1 1 200px' } }}>
                {site.lastDay ? `${formatCount(site.deliveredLastDay)} on ${formatDate(site.lastDay)}` : 'Nothing delivered yet'}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {formatCount(site.delivered30Days)} in the last 30 days
                </Typography>
              </Typography>
              <WebsiteViewButton website={site} />
            </Row>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

function Sessions({ sessions }: { sessions: CustomerOverview['sessions'] }) {
  return (
    <SectionCard title="Sessions" subtitle="Devices signed in now; End all sessions in Actions signs them out.">
      {sessions.length === 0 ? (
        <Empty>Not signed in anywhere.</Empty>
      ) : (
        <Stack component="ul" sx={listSx}>
          {sessions.map((session) => (
            <Row key={session.id} label={session.device || 'Unknown device'}>
              <Typography sx={{ fontWeight: 600, flex: { sm: '1 1 200px' } }}>{session.device || 'Unknown device'}</Typography>
              <Typography variant="body2" sx={{ flex: { sm: '1 1 140px' }, overflowWrap: 'anywhere' }}>
                {session.ip || '—'}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flex: { sm: '1 1 220px' } }}>
                Signed in {formatDate(session.createdAt)}, last seen {formatDate(session.lastSeenAt)}
              </Typography>
            </Row>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/**
 * /users/:id, the admin's page of one customer: who they are and their status with the actions,
 * their subscriptions, add-ons, websites with 9Hits' state and delivery, payments with Refund,
 * sessions and audit events, in one place.
 */
export function CustomerPage({ sections }: { sections: CustomerSections }) {
  const id = Number(useParams().id);
  const query = useCustomerQuery(id);
  const actions = useConfirmedUserAction();
  const data = query.data;
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
        <Link component={RouterLink} to={paths.users()}>
          Users details
        </Link>
        <Typography color="text.primary">{data?.user.username ?? 'Customer'}</Typography>
      </Breadcrumbs>
      {!Number.isInteger(id) || id <= 0 || (query.isError && !data) ? (
        <>
          <Typography variant="h4" component="h1" gutterBottom>
            Customer
          </Typography>
          <LoadError message="This customer could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
        </>
      ) : !data ? (
        <>
          <Typography variant="h4" component="h1">
            <Skeleton width={240} />
          </Typography>
          <Skeleton variant="rounded" height={240} sx={{ mt: 2 }} aria-label="Loading the customer" />
        </>
      ) : (
        <Stack spacing={2.5}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
          >
            <div>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
                  {data.user.username}
                </Typography>
                <StatusChip status={data.user.status} />
              </Stack>
              <Typography color="text.secondary">
                <EmailText email={data.user.email} />
              </Typography>
            </div>
            {data.user.status === 'CLOSED' ? (
              <Typography color="text.secondary" sx={{ maxWidth: 360 }}>
                This account was closed: its personal data was erased, and its payments are kept under this pseudonym.
              </Typography>
            ) : (
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                <UserActions
                  withPage={false}
                  user={{
                    id: data.user.id,
                    username: data.user.username,
                    email: data.user.email,
                    status: data.user.status,
                    two_factor: data.user.twoFactor,
                    websiteCount: data.websites.length,
                  }}
                  busyUserId={actions.busyUserId}
                  onStatus={actions.setStatus}
                  onWebsites={actions.setWebsites}
                  onEndSessions={actions.endSessions}
                  onResetTwoFactor={actions.resetTwoFactor}
                />
                <CloseCustomerButton id={data.user.id} username={data.user.username} />
              </Stack>
            )}
          </Stack>
          <SectionCard title="Details">
            <Stack
              component="dl"
              sx={{
                m: 0,
                px: 2.5,
                pb: 2,
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
              }}
            >
              <Detail term="Name">{data.user.fullName}</Detail>
              <Detail term="Phone">{data.user.phoneNumber}</Detail>
              <Detail term="Address">{[data.user.address, data.user.city, data.user.country].filter(Boolean).join(', ')}</Detail>
              <Detail term="Customer since">{formatDate(data.user.createdAt)}</Detail>
              <Detail term="Status">{data.user.status}</Detail>
              <Detail term="Two-factor sign-in">{data.user.twoFactor ? 'On' : 'Off'}</Detail>
              <Detail term="Websites">{formatCount(data.websites.length)}</Detail>
              <Detail term="Open sessions">{formatCount(data.sessions.length)}</Detail>
            </Stack>
          </SectionCard>
          <Subscriptions subscriptions={data.subscriptions} />
          <Addons addons={data.addons} />
          <Websites websites={data.websites} />
          {sections.payments({ id: data.user.id, email: data.user.email })}
          <Sessions sessions={data.sessions} />
          {sections.audit({ id: data.user.id, email: data.user.email })}
        </Stack>
      )}
      {actions.dialog}
    </Container>
  );
}
