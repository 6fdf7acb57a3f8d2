import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MSG } from '@traffic/shared/messages';
import type { CatalogueHolders } from '@traffic/shared/schemas/catalogue.schema';
import { notify } from '../../../shell/toast.ts';
import { ActionDialog } from '../../../components/action-dialog.tsx';
import { EmailText } from '../../../components/email-text.tsx';
import { longDate } from '../../../lib/subscription.ts';
import { useHoldersQuery, type CatalogueKind } from '../api/get-holders.ts';

const dateOf = (iso: string) => longDate.format(new Date(iso));
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What deleting a catalogue item does, in one sentence: who holds it now and until when, and that
 * it can no longer be bought. For example "Basic has 1 active subscriber; they keep it until
 * December 25, 2026. It disappears from Pricing now."
 */
export function deletionEffect(kind: CatalogueKind, holders: CatalogueHolders): string {
  const gone = kind === 'package' ? 'It disappears from Pricing now.' : 'Nobody can buy it from now on.';
  const who = kind === 'package' ? ['active subscriber', 'active subscribers'] : ['customer holding it', 'customers holding it'];
  if (holders.total === 0) return `${holders.name} has no ${who[1]}. ${gone}`;
  const renewing = holders.holders.filter((h) => h.renews).length;
  const ends = holders.holders.filter((h) => !h.renews).map((h) => h.endsAt);
  const last = ends.reduce((latest, at) => (at > latest ? at : latest), ends[0] ?? '');
  const complete = holders.total === holders.holders.length;
  let keep: string;
  if (renewing === holders.total) keep = 'they keep it and it renews automatically';
  else if (renewing > 0)
    keep = `they keep it (${renewing} ${renewing === 1 ? 'renews' : 'renew'} automatically, the others until their terms end)`;
  else if (holders.total === 1) keep = `they keep it until ${dateOf(last)}`;
  else keep = complete ? `they keep it until their terms end, the last on ${dateOf(last)}` : 'they keep it until their terms end';
  return `${holders.name} has ${count(holders.total, who[0]!, who[1]!)}; ${keep}. ${gone}`;
}

interface CatalogueDeleteOptions<T> {
  kind: CatalogueKind;
  item: (row: T) => { id: string; name: string };
  /** The deletion; rejects on failure. */
  remove: (row: T) => Promise<unknown>;
}

/**
 * Deleting a catalogue item (package, extra hits, extra slots) behind its own dialog: it names who
 * holds the item and what happens to them, and its button says what it does. (The product's 'Confirm
 * to submit' stays with deleting a customer's activated add-on on Package details.)
 */
export function useCatalogueDelete<T>({ kind, item, remove }: CatalogueDeleteOptions<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const current = target === null ? null : item(target);
  const holders = useHoldersQuery(kind, current?.id ?? null);

  async function confirm() {
    if (target === null || current === null) return;
    setBusy(true);
    try {
      await remove(target);
      notify.success(`Deleted: ${current.name} (${current.id}).`);
    } catch {
      notify.error(MSG.packageDeleteFailed);
    } finally {
      setBusy(false);
      setTarget(null);
    }
  }

  const data = holders.data && holders.data.id === current?.id ? holders.data : undefined;
  const dialog = (
    <ActionDialog
      open={target !== null}
      title={current ? `Delete ${current.name}?` : ''}
      confirmLabel={current ? `Delete ${current.name}` : 'Delete'}
      tone="error"
      busy={busy || (!data && !holders.isError)}
      onConfirm={() => void confirm()}
      onCancel={() => setTarget(null)}
    >
      {holders.isError ? (
        <DialogContentText>
          Who holds it could not be checked. Deleting still leaves it with its current holders until their terms end.
        </DialogContentText>
      ) : !data ? (
        <DialogContentText component="div" aria-label="Checking who holds it">
          <Skeleton width="90%" />
          <Skeleton width="60%" />
        </DialogContentText>
      ) : (
        <>
          <DialogContentText>{deletionEffect(kind, data)}</DialogContentText>
          {data.holders.length > 0 && (
            <List dense aria-label={`Holders of ${data.name}`} sx={{ mt: 1 }}>
              {data.holders.map((holder) => (
                <ListItem key={`${holder.id}-${holder.endsAt}`} disableGutters sx={{ display: 'block' }}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {holder.username}
                  </Typography>{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    (<EmailText email={holder.email} />) · {holder.renews ? 'renews on' : 'until'} {dateOf(holder.endsAt)}
                  </Typography>
                </ListItem>
              ))}
              {data.total > data.holders.length && (
                <ListItem disableGutters>
                  <Typography variant="body2" color="text.secondary">
                    and {count(data.total - data.holders.length, 'other', 'others')}
                  </Typography>
                </ListItem>
              )}
            </List>
          )}
        </>
      )}
    </ActionDialog>
  );
  return { ask: (row: T) => setTarget(row), dialog };
}
