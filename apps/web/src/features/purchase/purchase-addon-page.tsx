import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { MSG } from '@traffic/shared/messages';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { paths } from '../../shell/paths.ts';
import { notify } from '../../shell/toast.ts';
import { pendingAddon, type PendingAddonPurchase } from '../../lib/pending-purchase.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { activateAdditionalHits } from './api/activate-additional-hits.ts';
import { activateAdditionalSlots } from './api/activate-additional-slots.ts';
import { NothingToConfirm, PurchaseStatus } from './components/purchase-status.tsx';
import { useConfirmPurchase } from './use-confirm-purchase.ts';
import { useSignedInOrLogin } from './use-signed-in-or-login.ts';

const ACTIVATE = { Hits: activateAdditionalHits, Slots: activateAdditionalSlots } as const;
const FAILURE = { Hits: MSG.hitsPurchaseFailed, Slots: MSG.slotsPurchaseFailed } as const;

/** /purchaseaddon: the card gateway's return page for extra hits or slots. Activates, forgets the record, then /websites. */
export function PurchaseAddonPage() {
  const session = useSignedInOrLogin();
  const [record] = useState(pendingAddon.read);
  // An open route: with nothing pending there is nothing to sign in for.
  if (!record) return <NothingToConfirm />;
  if (!session.user) return <Navigate to={session.login} replace />;
  return <ConfirmAddon user={session.user} record={record} />;
}

function ConfirmAddon({ user, record }: { user: User; record: PendingAddonPurchase }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const failureMessage = FAILURE[record.type];
  const { state, retry } = useConfirmPurchase({
    run: () =>
      ACTIVATE[record.type]({
        additional_id: record.additional_id,
        token: record.token,
        user_id: record.user_id,
        name: record.name,
        email: user.email,
      }),
    onConfirmed: async () => {
      pendingAddon.clear();
      // The user's capacity (stats) changed; /websites shows it.
      await queryClient.invalidateQueries({ queryKey: queryKeys.users.current(user.email) });
      notify.success(MSG.purchaseSuccess);
      void navigate(paths.websites(), { replace: true });
    },
    failureMessage,
    onAbandon: pendingAddon.clear,
  });
  return <PurchaseStatus state={state} itemName={record.name} failureMessage={failureMessage} onRetry={retry} />;
}
