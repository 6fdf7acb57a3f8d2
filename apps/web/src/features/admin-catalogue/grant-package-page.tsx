import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { DEFAULT_GRANT_PACKAGE_ID, PACKAGE_TYPES } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { notify } from '../../app/toast.ts';
import { usePackages } from '../../lib/catalogue-queries.ts';
import { useGrantPackageMutation } from './api/grant-package.ts';
import { AdminPage } from './components/admin-page.tsx';
import { CatalogueSelect } from './components/catalogue-select.tsx';
import { FormPanel } from './components/form-panel.tsx';
import { describePackage } from './format.ts';
import { allProblemsResolver, textProblem } from './form-rules.ts';
import { serverReason } from './server-reason.ts';

interface GrantPackageValues {
  email: string;
  pkg: string;
}

const resolver = allProblemsResolver<GrantPackageValues>((values) => ({
  email: textProblem(values.email),
  pkg: textProblem(values.pkg),
}));

/** /adduserpackage: grants a package to a user by email (as typed, no format check); pkgBasic preselected. */
export function GrantPackagePage() {
  const packages = usePackages();
  const grant = useGrantPackageMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<GrantPackageValues>({ defaultValues: { email: '', pkg: DEFAULT_GRANT_PACKAGE_ID }, resolver });

  const groups = PACKAGE_TYPES.map((type) => ({
    label: `${type} packages`,
    options: (packages.data ?? []).filter((pkg) => pkg.type === type).map((pkg) => ({ value: pkg.id, label: pkg.name })),
  })).filter((group) => group.options.length > 0);

  function save(values: GrantPackageValues) {
    setRefusal(null);
    grant.mutate(
      { pkg: values.pkg, email: values.email },
      {
        onSuccess: () => {
          notify.success(MSG.grantSuccess);
          resetField('email');
        },
        onError: (error) => {
          notify.error(MSG.grantFailed);
          setRefusal(serverReason(error));
        },
      },
    );
  }

  return (
    <AdminPage maxWidth="sm" title="Grant a package" intro="Give a user a monthly package without payment; it starts today.">
      <FormPanel
        label="Grant a package"
        onSubmit={handleSubmit(save, () => notify.error(MSG.fillAllFields))}
        submitLabel="Add package"
        busy={grant.isPending}
        serverMessage={refusal}
      >
        {/* Text, not type=email: the browser would trim it, and the spec takes the email as typed. */}
        <TextField
          label="Email"
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
          {...register('email')}
          error={Boolean(errors.email)}
          helperText={errors.email?.message ?? "The user's account email"}
          fullWidth
        />
        <Controller
          name="pkg"
          control={control}
          render={({ field, fieldState }) => {
            const chosen = packages.data?.find((pkg) => pkg.id === field.value);
            return (
              <CatalogueSelect
                label="Package"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                groups={groups}
                loading={packages.isPending}
                error={Boolean(fieldState.error) || packages.isError}
                helperText={
                  fieldState.error?.message ?? (packages.isError ? 'The packages could not be loaded.' : chosen && describePackage(chosen))
                }
              />
            );
          }}
        />
      </FormPanel>
    </AdminPage>
  );
}
