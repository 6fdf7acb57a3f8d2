import { lazy, Suspense } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

// Loaded when a chart is first opened, not with the list of websites.
const WebsiteHistoryPanel = lazy(() =>
  import('../../../components/charts/website-history-panel.tsx').then((m) => ({ default: m.WebsiteHistoryPanel })),
);

/** A website's delivered hits per day, opened from its card (Check hits' number or "Delivery chart"). */
export function WebsiteHistoryDialog({
  websiteId,
  url,
  open,
  onClose,
}: {
  websiteId: number;
  url: string;
  open: boolean;
  onClose: () => void;
}) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = `website-${websiteId}-history-title`;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        Hits delivered to {url}
      </DialogTitle>
      <DialogContent>
        {open && (
          <Suspense fallback={<Skeleton variant="rounded" height={320} aria-label="Loading the chart" />}>
            <WebsiteHistoryPanel websiteId={websiteId} />
          </Suspense>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
