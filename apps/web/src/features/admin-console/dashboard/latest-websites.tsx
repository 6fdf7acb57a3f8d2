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
import { EmailText } from '../../../components/email-text.tsx';

/** The source first, its type (search engine, referrer…) under it: the traffic source reads as one thing. */
const HEADERS = ['URL', 'Daily hit limit', 'Geolocation', 'Status', 'Traffic source / type', 'Actions'];
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
      <TableCell>
        <WebsiteUrl url={website.url} oneLine />
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {website.username} · <EmailText email={website.email} />
        </Typography>
      </TableCell>
      <TableCell>{formatCount(website.daily_hit_limit)}</TableCell>
      <TableCell>{describeGeolocation(website)}</TableCell>
      <TableCell>
        <StatusChip status={website.status} /> <NinehitsStateChip state={website.ninehits_state} />
      </TableCell>
      <TableCell>
        {website.traffic_source}
        {website.traffic_source_type && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {website.traffic_source_type}
          </Typography>
        )}
      </TableCell>
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
          {/* The URL gets the room (two fifths of the width, on one line, its tooltip the whole address); a phone scrolls the table in this region. */}
          <Table
            size="small"
            aria-label="Latest websites"
            aria-busy={query.isPending}
            sx={{ tableLayout: 'fixed', minWidth: { xs: 760, md: 0 } }}
          >
            <colgroup>
              <col style={{ width: '40%' }} />
              <col style={{ width: '10%' }} />
              <col style={{ width: '12%' }} />
              <col style={{ width: '14%' }} />
              <col style={{ width: '14%' }} />
              <col style={{ width: '10%' }} />
            </colgroup>
            <TableHeaderRow headers={HEADERS} />
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
