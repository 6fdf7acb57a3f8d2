import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@traffic/shared/messages';
import type { Website } from '@traffic/shared/schemas/accounts.schema';
import { paths } from '../../shell/paths.ts';
import { useSignedInUser } from '../../shell/session/index.ts';
import { notify } from '../../shell/toast.ts';
import { FormCard } from '../../components/form-card.tsx';
import { PACKAGE_TYPE_LABELS } from '../../components/package-type-tabs.tsx';
import { useUpdateWebsite } from './api/update-website.ts';
import { WebsiteForm } from './components/website-form.tsx';
import { WebsiteLoader } from './components/website-loader.tsx';
import { failureMessage } from './failure-message.ts';
import { statsOf } from './subscription-state.ts';
import { toWebsiteBody } from './website-body.ts';
import { formValuesOf, type WebsiteFormValues } from './website-form-model.ts';
import { packageTypeOf } from './website-type.ts';

/** /editWebsite/:id (normal) and /edit-website/:id (other types): the form of the website the route names. */
export function EditWebsitePage() {
  return <WebsiteLoader>{(website) => <EditWebsite website={website} />}</WebsiteLoader>;
}

function EditWebsite({ website }: { website: Website }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const update = useUpdateWebsite();
  const type = packageTypeOf(website);
  // docs/product.md section 2: the form starts from the loaded website once; a refetch never overwrites it.
  const [initialValues] = useState(() => formValuesOf(website));
  /*
   * The site's own hits can be kept or moved around within what is free. An admin editing someone
   * else's site does not see that owner's free hits, so can keep or lower the site's own only.
   */
  const ownHits = website.daily_hit_limit;
  const maxHits = website.user_id === user.id ? statsOf(user, type).availableHits + ownHits : ownHits;

  function submit(values: WebsiteFormValues) {
    const owner = { email: website.email, username: website.username, user_id: website.user_id };
    const body = {
      ...toWebsiteBody({ ...values, url: website.url }, type, owner, website.status === 'PAUSED' ? 'PAUSED' : 'ACTIVE'),
      id: website.id,
    };
    update.mutate(body, {
      onSuccess: () => {
        notify.success(MSG.websiteEdited);
        void navigate(paths.websites(type));
      },
      onError: (error) => notify.error(failureMessage(error, MSG.websiteEditFailed)),
    });
  }

  return (
    <FormCard title="Edit Website" subtitle={`${PACKAGE_TYPE_LABELS[type]} website`} maxWidth="md">
      <WebsiteForm
        type={type}
        mode="edit"
        initialValues={initialValues}
        maxHits={maxHits}
        submitting={update.isPending || update.isSuccess}
        onSubmit={submit}
      />
    </FormCard>
  );
}
