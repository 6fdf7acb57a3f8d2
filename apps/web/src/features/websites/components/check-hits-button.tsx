import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../../shell/toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useConfirmedHits } from '../api/check-hits.ts';
import { refreshAfterWebsiteChange } from '../api/refresh-websites.ts';

/** The reader's clock time of a reading: `14:05:07`. */
const readTime = (at: number) => new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * 'Check hits': asks the traffic service how many hits it has delivered, and shows the number with
 * what it is (9Hits' running total since the website was added, not the chart's collected days) and
 * when it was read, so it never reads as a second figure for "today". When
 * the answer brings a different 9Hits approval state, the websites are reloaded to show it.
 */
export function CheckHitsButton({
  websiteId,
  ninehitsState,
  onOpenHistory,
}: {
  websiteId: number;
  ninehitsState: string | null;
  /** The number opens the website's chart of hits per day. */
  onOpenHistory: () => void;
}) {
  const hits = useConfirmedHits(websiteId);
  const queryClient = useQueryClient();

  async function check() {
    const result = await hits.refetch();
    if (result.data && result.data.ninehits_state !== ninehitsState) void refreshAfterWebsiteChange(queryClient, websiteId);
    if (result.error) {
      // A 502 carries the server's plain reason (the traffic service is down); anything else the generic text.
      notify.error(isApiError(result.error) && result.error.status === 502 ? result.error.message : MSG.genericError);
    }
  }

  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Button size="small" variant="text" onClick={() => void check()} loading={hits.isFetching}>
        Check hits
      </Button>
      {hits.data && (
        <Typography variant="body2" role="status" aria-live="polite">
          Confirmed hits:{' '}
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={onOpenHistory}
            aria-label={`Confirmed hits: ${hits.data.confirmedHits.toLocaleString('en-US')}, show hits per day`}
            sx={{ fontWeight: 700, verticalAlign: 'baseline' }}
          >
            {hits.data.confirmedHits.toLocaleString('en-US')}
          </Link>
        </Typography>
      )}
      {hits.data && (
        <Typography variant="caption" color="text.secondary">
          {`9Hits' running total since the website was added, read at ${readTime(hits.dataUpdatedAt)}`}
        </Typography>
      )}
    </Stack>
  );
}
