import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { MSG } from '@traffic/shared/messages';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { paths } from '../../shell/paths.ts';
import { useSession } from '../../shell/session/index.ts';
import { notify } from '../../shell/toast.ts';
import { pendingPackage, type PendingPackagePurchase } from '../../lib/pending-purchase.ts';
import { addPackage } from './api/add-package.ts';
import { NothingToConfirm, PurchaseStatus } from './components/purchase-status.tsx';
import { useConfirmPurchase } from './use-confirm-purchase.ts';
import { useSignedInOrLogin } from './use-signed-in-or-login.ts';

/** /purchase: the card gateway's return page for a package. Finalizes the pending order, then /home. */
export function PurchasePage() {
  const session = useSignedInOrLogin();
  const [record] = useState(pendingPackage.read);
  // An open route: with nothing pending there is nothing to sign in for.
  if (!record) return <NothingToConfirm />;
  if (!session.user) return <Navigate to={session.login} replace />;
  return <ConfirmPackage user={session.user} record={record} />;
}

function ConfirmPackage({ user, record }: { user: User; record: PendingPackagePurchase }) {
  const navigate = useNavigate();
  const { replaceUser } = useSession();
  const { state, retry } = useConfirmPurchase({
    run: () => addPackage({ pkg: record.pkg, name: record.name, email: record.email || user.email, uuid: record.uuid }),
    onConfirmed: (updated) => {
      replaceUser(updated);
      pendingPackage.clear();
      notify.success(MSG.purchaseSuccess);
      void navigate(paths.home(), { replace: true });
    },
    failureMessage: MSG.packagePurchaseFailed,
    onAbandon: pendingPackage.clear,
  });
  return <PurchaseStatus state={state} itemName={record.name} failureMessage={MSG.packagePurchaseFailed} onRetry={retry} />;
}
