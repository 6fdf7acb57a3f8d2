import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LATEST_WEBSITES_COUNT } from '@traffic/shared/constants';
import type { Website } from '@traffic/shared/schemas/accounts.schema';
import { LoadError } from '../../../components/load-error.tsx';
import { useLatestWebsitesQuery } from '../api/get-latest-websites.ts';
import { SectionCard } from '../components/section-card.tsx';
import { TableHeaderRow } from '../../../components/table-header-row.tsx';
import { StatusChip } from '../components/status-chip.tsx';
import { NinehitsStateChip } from '../components/ninehits-state-chip.tsx';
import { EmptyRow, LoadingRows } from '../components/table-placeholder-rows.tsx';
import { WebsiteUrl } from '../components/website-url.tsx';
import { WebsiteViewButton } from '../components/website-view-button.tsx';
import { formatCount } from '../format.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';

const HEADERS = ['URL', 'Daily hit limit', 'Geolocation', 'Status', 'Traffic source type', 'Traffic source', 'Actions'];
const SHOWN_COUNTRIES = 3;

/** 'All Countries', or the chosen countries (the first few, then how many more). */
export function describeGeolocation(website: Pick<Website, 'geolocation_type' | 'locations'>): string {
  const countries = website.locations.map((location) => location.geolocation);
  if (website.geolocation_type !== 'Specific Countries' || countries.length === 0) return website.geolocation_type;
  const shown = countries.slice(0, SHOWN_COUNTRIES).join(', ');
  return countries.length > SHOWN_COUNTRIES ? `${shown} +${countries.length - SHOWN_COUNTRIES} more` : shown;
}

function WebsiteRow({ website }: { website: Website }) {
  return (
    <TableRow hover>
      <TableCell sx={{ maxWidth: 280 }}>
        <WebsiteUrl url={website.url} />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {website.username} · {website.email}
        </Typography>
      </TableCell>
      <TableCell>{formatCount(website.daily_hit_limit)}</TableCell>
      <TableCell>{describeGeolocation(website)}</TableCell>
      <TableCell>
        <StatusChip status={website.status} /> <NinehitsStateChip state={website.ninehits_state} />
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-word' }}>{website.traffic_source_type || '—'}</TableCell>
      <TableCell>{website.traffic_source}</TableCell>
      <TableCell align="right">
        <WebsiteViewButton website={website} />
      </TableCell>
    </TableRow>
  );
}

/** docs/product.md section 2: the 10 newest websites, each with a View button. */
export function LatestWebsites() {
  const query = useLatestWebsitesQuery();
  return (
    <SectionCard title="Latest websites" subtitle={`The ${LATEST_WEBSITES_COUNT} newest websites of all users.`}>
      {query.isError ? (
        <LoadError message="The latest websites could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <TableScroll label="Latest websites">
          <Table size="small" aria-label="Latest websites" aria-busy={query.isPending} sx={{ minWidth: 860 }}>
            <TableHeaderRow headers={HEADERS} noWrap />
            <TableBody>
              {query.isPending && <LoadingRows columns={HEADERS.length} />}
              {query.data?.length === 0 && <EmptyRow columns={HEADERS.length}>No website has been added yet.</EmptyRow>}
              {query.data?.map((website) => (
                <WebsiteRow key={website.id} website={website} />
              ))}
            </TableBody>
          </Table>
        </TableScroll>
      )}
    </SectionCard>
  );
}
