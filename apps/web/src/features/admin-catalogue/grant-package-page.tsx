import Typography from '@mui/material/Typography';
import { DEFAULT_GRANT_PACKAGE_ID, PACKAGE_TYPES } from '@traffic/shared/constants';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import { usePackages } from '../../lib/catalogue-queries.ts';
import { longDate, typeStateOf } from '../../lib/subscription.ts';
import { useGrantPackageMutation } from './api/grant-package.ts';
import { GrantForm, type GrantConfirmation } from './components/grant-form.tsx';
import { describePackage, formatCount } from './format.ts';

const capacity = (pkg: Package) => `${formatCount(pkg.hits_per_day)} hits per day and ${formatCount(pkg.slots)} slots`;

/**
 * A grant replaces a different package of its type that is still running (the same package is
 * extended by a month): that is asked first, naming the customer, both packages and the effect.
 */
function replacementOf(chosen: Package | undefined, customer: User | null | undefined): GrantConfirmation | null {
  if (!chosen || customer === null) return null;
  if (customer === undefined)
    return {
      title: 'Grant without seeing the current package?',
      body: `The customer's current packages could not be looked up. If a different ${chosen.type} package is running, granting ${chosen.name} replaces it today.`,
      confirmLabel: `Grant ${chosen.name}`,
    };
  const state = typeStateOf(customer, chosen.type);
  if (state.kind !== 'active' || state.subscription.package.id === chosen.id) return null;
  const current = state.subscription.package;
  const until = state.subscription.endsAt ? longDate.format(state.subscription.endsAt) : '-';
  return {
    title: `Replace ${current.name} with ${chosen.name}?`,
    body: (
      <>
        <Typography gutterBottom>
          {customer.username} ({customer.email}) has {current.name} ({capacity(current)}) until {until}.
        </Typography>
        <Typography gutterBottom>
          Granting {chosen.name} replaces it today: {chosen.name} runs for one month with {capacity(chosen)}, and what is left of{' '}
          {current.name} ends now.
        </Typography>
        <Typography>If their {chosen.type} websites use more than that, the newest are paused and the customer is told why.</Typography>
      </>
    ),
    confirmLabel: `Replace with ${chosen.name}`,
  };
}

/** /adduserpackage: grants a package to a user by email (as typed, no format check); pkgBasic preselected. */
export function GrantPackagePage() {
  const packages = usePackages();
  const grant = useGrantPackageMutation();
  const groups = PACKAGE_TYPES.map((type) => ({
    label: `${type} packages`,
    options: (packages.data ?? []).filter((pkg) => pkg.type === type).map((pkg) => ({ value: pkg.id, label: pkg.name })),
  })).filter((group) => group.options.length > 0);

  return (
    <GrantForm
      title="Grant a package"
      intro="Give a user a monthly package without payment; it starts today."
      submitLabel="Add package"
      itemLabel="Package"
      defaultItem={DEFAULT_GRANT_PACKAGE_ID}
      groups={groups}
      loading={packages.isPending}
      loadFailure={packages.isError ? 'The packages could not be loaded.' : null}
      describe={(id) => {
        const chosen = packages.data?.find((pkg) => pkg.id === id);
        return chosen && describePackage(chosen);
      }}
      busy={grant.isPending}
      grant={({ email, item }) => grant.mutateAsync({ pkg: item, email })}
      confirmation={({ item }, customer) =>
        replacementOf(
          packages.data?.find((pkg) => pkg.id === item),
          customer,
        )
      }
    />
  );
}
