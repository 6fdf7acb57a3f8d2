import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { PackageType } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { paths } from '../../app/paths.ts';
import { useSignedInUser } from '../../app/session/index.ts';
import { notify } from '../../app/toast.ts';
import { FormCard } from '../../components/form-card.tsx';
import { PACKAGE_TYPE_LABELS, packageTypeFromParam } from '../../components/package-type-tabs.tsx';
import { useCreateWebsite } from './api/create-website.ts';
import { WebsiteForm } from './components/website-form.tsx';
import { failureMessage } from './failure-message.ts';
import { defaultHitLimit } from './hit-slider-bounds.ts';
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

  // docs/product.md section 2: no empty slot, no Add; no hits left, nothing to give the website either.
  const blockedReason = stats.availableSlots < 1 ? MSG.noEmptySlots : stats.availableHits < 1 ? MSG.limitReached : null;

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
      subtitle={`${PACKAGE_TYPE_LABELS[type]} package: ${stats.availableHits.toLocaleString('en-US')} hits per day and ${stats.availableSlots.toLocaleString('en-US')} slots available.`}
      maxWidth="md"
    >
      <WebsiteForm
        type={type}
        mode="create"
        initialValues={initialValues}
        maxHits={stats.availableHits}
        blockedReason={blockedReason}
        submitting={create.isPending || create.isSuccess}
        onSubmit={submit}
      />
    </FormCard>
  );
}
