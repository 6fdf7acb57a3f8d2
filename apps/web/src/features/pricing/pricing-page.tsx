import type { PackageType } from '@traffic/shared/constants';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import type { CheckoutForm } from '@traffic/shared/schemas/payments.schema';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import { paths } from '../../shell/paths.ts';
import { PurchasesClosedNotice } from '../../components/checkout/purchases-closed-notice.tsx';
import { PlanGrid, PlanGridItem, PlanGridSkeleton } from '../../components/pricing/plan-grid.tsx';
import { PageLayout } from '../../components/page-layout.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PACKAGE_TYPE_LABELS, PackageTypePanel, PackageTypeRoute } from '../../components/package-type-tabs.tsx';
import { pendingPackage } from '../../lib/pending-purchase.ts';
import { usePackages } from '../../lib/catalogue-queries.ts';
import { longDate, typeStateOf } from '../../lib/subscription.ts';
import { PackageCard, type PurchaseEffect } from './components/package-card.tsx';
import { useCheckoutHandlers } from './use-checkout-handlers.ts';

const TABS = 'pricing';

/**
 * What buying `pkg` does to the customer's package of its type (docs/product.md section 10: the
 * same package still running is extended by a month, anything else replaces it: an upgrade when it
 * costs more, a downgrade when less; decision 0021).
 */
function effectOf(pkg: Package, user: User | null, type: PackageType): PurchaseEffect {
  const state = user ? typeStateOf(user, type) : { kind: 'none' as const };
  if (state.kind === 'none') return { kind: 'new' };
  const mine = state.subscription.package.id === pkg.id;
  if (state.kind === 'expired') return mine ? { kind: 'renews' } : { kind: 'new' };
  const until = state.subscription.endsAt ? longDate.format(state.subscription.endsAt) : '-';
  if (mine) return { kind: 'extends', until };
  const direction = Number(pkg.price) >= Number(state.subscription.package.price) ? 'upgrade' : 'downgrade';
  return { kind: 'replaces', direction, current: state.subscription.package.name, until };
}

/** /pricing/:type?: every package of one type, open to everyone; buying needs a session. */
export function PricingPage() {
  return <PackageTypeRoute fallback={paths.pricing()} render={(type) => <PricingForType type={type} />} />;
}

function PricingForType({ type }: { type: PackageType }) {
  const packages = usePackages();
  const { user, requireSignIn, paid } = useCheckoutHandlers();
  const shown = packages.data?.filter((pkg) => pkg.type === type) ?? [];
  // A deactivated account is offered no checkout: a purchase would not lift the hold (docs/product.md section 10).
  const closed = user?.status === 'DEACTIVATED';

  // docs/product.md section 3: what /purchase needs to finish the order once the gateway sends the buyer back.
  const remember = (pkg: Package, checkout: CheckoutForm) => {
    if (!user) return;
    pendingPackage.save({ pkg: pkg.id, name: pkg.name, email: user.email, uuid: checkout.orderUUID });
  };

  return (
    <PageLayout title="Pricing" lead="Monthly packages with automatic renewal. Pay by card or with PayPal; prices are in US dollars.">
      {closed && <PurchasesClosedNotice supportTo={paths.support()} />}
      <PackageTypePanel value={type} linkTo={paths.pricing} idPrefix={TABS}>
        {packages.isPending ? (
          <PlanGridSkeleton />
        ) : packages.isError ? (
          <LoadError message="The packages could not be loaded." onRetry={() => void packages.refetch()} retrying={packages.isFetching} />
        ) : shown.length === 0 ? (
          <EmptyState title={`No ${PACKAGE_TYPE_LABELS[type]} packages are available right now.`}>
            Please check back soon, or contact support.
          </EmptyState>
        ) : (
          <PlanGrid>
            {shown.map((pkg) => (
              <PlanGridItem key={pkg.id}>
                <PackageCard
                  pkg={pkg}
                  effect={effectOf(pkg, user, type)}
                  closed={closed}
                  signedIn={user !== null}
                  onSignInRequired={requireSignIn}
                  onOrderCreated={remember}
                  onPaid={(result) => void paid(result)}
                />
              </PlanGridItem>
            ))}
          </PlanGrid>
        )}
      </PackageTypePanel>
    </PageLayout>
  );
}
