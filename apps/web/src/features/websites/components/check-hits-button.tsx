import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../../app/toast.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useConfirmedHits } from '../api/check-hits.ts';

/** 'Check hits': asks the traffic service how many hits it has delivered, and shows the number. */
export function CheckHitsButton({ websiteId }: { websiteId: number }) {
  const hits = useConfirmedHits(websiteId);

  async function check() {
    const result = await hits.refetch();
    if (result.error) {
      // A 502 carries the server's plain reason (the traffic service is down); anything else the generic text.
      notify.error(isApiError(result.error) && result.error.status === 502 ? result.error.message : MSG.genericError);
    }
  }

  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <Button size="small" variant="text" onClick={() => void check()} loading={hits.isFetching}>
        Check hits
      </Button>
      {hits.data && (
        <Typography variant="body2" role="status" aria-live="polite">
          Confirmed hits: <strong>{hits.data.confirmedHits.toLocaleString('en-US')}</strong>
        </Typography>
      )}
    </Stack>
  );
}
