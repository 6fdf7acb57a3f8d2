import { DEFAULT_GRANT_PACKAGE_ID, PACKAGE_TYPES } from '@traffic/shared/constants';
import { usePackages } from '../../lib/catalogue-queries.ts';
import { useGrantPackageMutation } from './api/grant-package.ts';
import { GrantForm } from './components/grant-form.tsx';
import { describePackage } from './format.ts';

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
    />
  );
}
