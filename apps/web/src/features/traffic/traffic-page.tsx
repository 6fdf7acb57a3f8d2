import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import type { PackageType } from '@traffic/shared/constants';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import type { AddonPackage } from '@traffic/shared/schemas/catalogue.schema';
import type { CheckoutForm } from '@traffic/shared/schemas/payments.schema';
import { paths } from '../../shell/paths.ts';
import { useSignedInUser } from '../../shell/session/index.ts';
import { PACKAGE_TYPE_LABELS, PackageTypePanel, PackageTypeRoute } from '../../components/package-type-tabs.tsx';
import { PurchasesClosedNotice } from '../../components/checkout/purchases-closed-notice.tsx';
import { pendingAddon } from '../../lib/pending-purchase.ts';
import { PENDING_TYPE, type AddonKind } from './addon-kind.ts';
import { useAddons } from '../../lib/catalogue-queries.ts';
import { AddonSection } from './components/addon-section.tsx';
import { PageLayout } from '../../components/page-layout.tsx';
import { usePaypalPaid } from './use-paypal-paid.ts';

const TABS = 'traffic';

const hasPackage = (user: User, type: PackageType) => (type === 'normal' ? user.package : user.seo_package) !== null;

/** /traffic/:type? ("Buy Traffic"): extra hits and extra slots of one package type. */
export function TrafficPage() {
  return <PackageTypeRoute fallback={paths.traffic()} render={(type) => <TrafficForType type={type} />} />;
}

function TrafficForType({ type }: { type: PackageType }) {
  const user = useSignedInUser();
  const hits = useAddons('hits');
  const slots = useAddons('slots');
  const paid = usePaypalPaid();

  // docs/product.md section 3: what /purchaseaddon needs to activate the add-on once the gateway sends the buyer back.
  const remember = (kind: AddonKind, addon: AddonPackage, checkout: CheckoutForm) => {
    pendingAddon.save({ name: addon.name, additional_id: addon.id, user_id: user.id, token: checkout.orderUUID, type: PENDING_TYPE[kind] });
  };
  const onPaid = (result: Parameters<typeof paid>[0]) => void paid(result);
  // A deactivated account is offered no checkout: a purchase would not lift the hold (docs/product.md section 10).
  const closed = user.status === 'DEACTIVATED';

  return (
    <PageLayout
      title="Buy Traffic"
      lead="Add hits per day or website slots to your package. Each add-on lasts one month; prices are in US dollars."
    >
      {closed && <PurchasesClosedNotice supportTo={paths.support()} />}
      <PackageTypePanel value={type} linkTo={paths.traffic} idPrefix={TABS}>
        {!closed && !hasPackage(user, type) && (
          <Alert
            severity="info"
            sx={{ mb: 3 }}
            action={
              <Button color="inherit" size="small" component={RouterLink} to={paths.pricing(type)}>
                See packages
              </Button>
            }
          >
            You have no {PACKAGE_TYPE_LABELS[type]} package yet. Add-ons add to a package, so you may want one first.
          </Alert>
        )}
        <Stack spacing={5}>
          <AddonSection kind="hits" type={type} query={hits} closed={closed} onOrderCreated={remember} onPaid={onPaid} />
          <AddonSection kind="slots" type={type} query={slots} closed={closed} onOrderCreated={remember} onPaid={onPaid} />
        </Stack>
      </PackageTypePanel>
    </PageLayout>
  );
}
