import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Website } from '@traffic/shared/schemas/accounts.schema';
import { paths } from '../../app/paths.ts';
import { FormCard } from '../../components/form-card.tsx';
import { PACKAGE_TYPE_LABELS } from '../../components/package-type-tabs.tsx';
import { WebsiteForm } from './components/website-form.tsx';
import { WebsiteLoader } from './components/website-loader.tsx';
import { NinehitsApproval } from './components/ninehits-approval.tsx';
import { formValuesOf } from './website-form-model.ts';
import { packageTypeOf } from './website-type.ts';

/** /viewWebsite/:id (admin): any customer's website, in the form, read-only. */
export function ViewWebsitePage() {
  return <WebsiteLoader>{(website) => <ViewWebsite website={website} />}</WebsiteLoader>;
}

function ViewWebsite({ website }: { website: Website }) {
  const navigate = useNavigate();
  const [initialValues] = useState(() => formValuesOf(website));
  const [leaving, setLeaving] = useState(false);
  const type = packageTypeOf(website);

  // docs/product.md section 2: once the wait dialog opens, the view returns to /websites (nothing is saved).
  useEffect(() => {
    if (leaving) void navigate(paths.websites());
  }, [leaving, navigate]);

  return (
    <FormCard
      title="View Website"
      subtitle={`${PACKAGE_TYPE_LABELS[type]} website of ${website.username} (${website.email})`}
      maxWidth="md"
    >
      <NinehitsApproval state={website.ninehits_state} />
      <WebsiteForm
        type={type}
        mode="view"
        initialValues={initialValues}
        maxHits={website.daily_hit_limit}
        submitting={leaving}
        onSubmit={() => setLeaving(true)}
      />
    </FormCard>
  );
}
