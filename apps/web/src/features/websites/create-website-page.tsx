import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router';
import type { PackageType } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { paths } from '../../shell/paths.ts';
import { useSignedInUser } from '../../shell/session/index.ts';
import { notify } from '../../shell/toast.ts';
import { FormCard } from '../../components/form-card.tsx';
import { PACKAGE_TYPE_LABELS, packageTypeFromParam } from '../../components/package-type-tabs.tsx';
import { useCreateWebsite } from './api/create-website.ts';
import { WebsiteForm } from './components/website-form.tsx';
import { failureMessage } from './failure-message.ts';
import { defaultHitLimit } from './hit-slider-bounds.ts';
import { typeStateOf } from '../../lib/subscription.ts';
import { statsOf } from './subscription-state.ts';
import { toWebsiteBody } from './website-body.ts';
import { defaultFormValues, type WebsiteFormValues } from './website-form-model.ts';

/** /addWebsite: a normal website. */
export function AddWebsitePage() {
  return <CreateWebsite type="normal" />;
}

/** /create-website/:type: a website of any package type. */
export function CreateWebsitePage() {
  const type = packageTypeFromParam(useParams().type);
  if (!type) return <Navigate to={paths.websites()} replace />;
  return <CreateWebsite key={type} type={type} />;
}

function CreateWebsite({ type }: { type: PackageType }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const create = useCreateWebsite();
  const stats = statsOf(user, type);
  const [initialValues] = useState(() => defaultFormValues(defaultHitLimit(stats.availableHits)));

  const blocked = blockedBy(user, type);

  function submit(values: WebsiteFormValues) {
    create.mutate(toWebsiteBody(values, type, { email: user.email, username: user.username, user_id: user.id }), {
      onSuccess: () => {
        notify.success(MSG.websiteAdded);
        void navigate(paths.websites(type));
      },
      onError: (error) => notify.error(failureMessage(error, MSG.websiteCreateFailed)),
    });
  }

  return (
    <FormCard
      title="Create Website"
      subtitle={
        blocked
          ? undefined
          : `${PACKAGE_TYPE_LABELS[type]} package: ${stats.availableHits.toLocaleString('en-US')} hits per day and ${stats.availableSlots.toLocaleString('en-US')} slots available.`
      }
      maxWidth="md"
    >
      {blocked ? (
        <CannotAdd type={type} blocked={blocked} />
      ) : (
        <WebsiteForm
          type={type}
          mode="create"
          initialValues={initialValues}
          maxHits={stats.availableHits}
          submitting={create.isPending || create.isSuccess}
          onSubmit={submit}
        />
      )}
    </FormCard>
  );
}

interface Blocked {
  reason: string;
  /** Where the customer gets what is missing: a package, or more hits or slots. */
  remedy: 'packages' | 'traffic';
}

/**
 * Why no website of this type can be added, said before any field is filled (docs/product.md
 * section 2: no empty slot, no Add; no hits left, nothing to give the website either).
 */
function blockedBy(user: ReturnType<typeof useSignedInUser>, type: PackageType): Blocked | null {
  const state = typeStateOf(user, type);
  if (state.kind === 'none') return { reason: `You have no ${PACKAGE_TYPE_LABELS[type]} package yet.`, remedy: 'packages' };
  if (state.kind === 'expired') return { reason: MSG.subscriptionExpired, remedy: 'packages' };
  const stats = statsOf(user, type);
  if (stats.availableSlots < 1) return { reason: MSG.noEmptySlots, remedy: 'traffic' };
  if (stats.availableHits < 1) return { reason: MSG.limitReached, remedy: 'traffic' };
  return null;
}

function CannotAdd({ type, blocked }: { type: PackageType; blocked: Blocked }) {
  return (
    <Stack spacing={3}>
      <Alert severity="warning" role="status">
        {blocked.reason}
      </Alert>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={paths.websites()} variant="outlined" size="large">
          Cancel
        </Button>
        <Button
          component={RouterLink}
          to={blocked.remedy === 'packages' ? paths.pricing(type) : paths.traffic(type)}
          variant="contained"
          size="large"
        >
          {blocked.remedy === 'packages' ? 'See packages' : 'Purchase More'}
        </Button>
        <Button variant="contained" size="large" disabled>
          Submit
        </Button>
      </Stack>
    </Stack>
  );
}
