import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import { Link as RouterLink } from 'react-router';
import { MSG } from '@traffic/shared/messages';
import type { Website } from '@traffic/shared/schemas/accounts.schema';
import { paths } from '../../../shell/paths.ts';
import { notify } from '../../../shell/toast.ts';
import { useDeleteWebsite } from '../api/delete-website.ts';
import { useTogglePause } from '../api/toggle-pause.ts';
import { failureMessage } from '../failure-message.ts';
import { CheckHitsButton } from './check-hits-button.tsx';
import { WebsiteSummary } from './website-summary.tsx';

// The dialogs (MUI's Dialog and Modal) load when first opened, not with the list's first paint.
const WebsiteHistoryDialog = lazy(async () => ({ default: (await import('./website-history-dialog.tsx')).WebsiteHistoryDialog }));
const ConfirmDialog = lazy(async () => ({ default: (await import('../../../components/confirm-dialog.tsx')).ConfirmDialog }));

interface WebsiteCardProps {
  website: Website;
  /** Only ACTIVE accounts edit websites. */
  mayEdit: boolean;
  /** Switching on also needs a running package with room for what the websites use. */
  mayActivate: boolean;
}

/** One website of the list, with Pause/Activate, Edit, Remove, its delivery chart and Check hits. */
export function WebsiteCard({ website, mayEdit, mayActivate }: WebsiteCardProps) {
  const pause = useTogglePause();
  const remove = useDeleteWebsite();
  const [confirming, setConfirmingState] = useState(false);
  const [historyOpen, setHistoryOpenState] = useState(false);
  // Each dialog stays mounted from its first opening on, so it can play its closing transition.
  const [confirmUsed, setConfirmUsed] = useState(false);
  const [historyUsed, setHistoryUsed] = useState(false);
  const setConfirming = (open: boolean) => {
    if (open) setConfirmUsed(true);
    setConfirmingState(open);
  };
  const setHistoryOpen = (open: boolean) => {
    if (open) setHistoryUsed(true);
    setHistoryOpenState(open);
  };
  const active = website.status === 'ACTIVE';
  const headingId = `website-${website.id}-url`;
  const editTo = website.type === 'normal' ? paths.editNormalWebsite(website.id) : paths.editWebsite(website.id);

  function togglePause() {
    pause.mutate(website.id, {
      onSuccess: (result) => notify.success(result.message),
      onError: (error) => notify.error(failureMessage(error, MSG.websitePauseFailed)),
    });
  }

  function confirmRemove() {
    remove.mutate(website.id, {
      onSuccess: () => notify.success(MSG.websiteDeleted),
      onError: (error) => notify.error(failureMessage(error, MSG.websiteDeleteFailed)),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId}>
      <CardContent>
        <WebsiteSummary website={website} headingId={headingId} headingLevel="h3" />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {/* Switching on needs an ACTIVE account and a package with room; pausing is always offered. */}
        {(active || mayActivate) && (
          <Button
            size="small"
            variant={active ? 'outlined' : 'contained'}
            color={active ? 'warning' : 'success'}
            onClick={togglePause}
            loading={pause.isPending}
          >
            {active ? 'Pause' : 'Activate'}
          </Button>
        )}
        {mayEdit && (
          <Button size="small" variant="outlined" component={RouterLink} to={editTo}>
            Edit
          </Button>
        )}
        <Button size="small" variant="outlined" color="error" onClick={() => setConfirming(true)} disabled={remove.isPending}>
          Remove
        </Button>
        <Button size="small" variant="outlined" onClick={() => setHistoryOpen(true)}>
          Delivery chart
        </Button>
        <CheckHitsButton websiteId={website.id} ninehitsState={website.ninehits_state} onOpenHistory={() => setHistoryOpen(true)} />
      </CardActions>
      {historyUsed && (
        <Suspense fallback={null}>
          <WebsiteHistoryDialog websiteId={website.id} url={website.url} open={historyOpen} onClose={() => setHistoryOpen(false)} />
        </Suspense>
      )}
      {confirmUsed && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            subject={`Remove ${website.url}`}
            busy={remove.isPending}
            onYes={confirmRemove}
            onNo={() => setConfirming(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}
