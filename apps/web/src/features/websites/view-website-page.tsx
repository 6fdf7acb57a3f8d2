import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useLocation, useNavigate } from 'react-router';
import type { Website } from '@traffic/shared/schemas/accounts.schema';
import { paths } from '../../shell/paths.ts';
import { WebsiteHistoryPanel } from '../../components/charts/website-history-panel.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { PACKAGE_TYPE_LABELS } from '../../components/package-type-tabs.tsx';
import { WebsiteLoader } from './components/website-loader.tsx';
import { WebsiteSummary } from './components/website-summary.tsx';
import { packageTypeOf } from './website-type.ts';

/**
 * /viewWebsite/:id (admin): any customer's website as a read-only summary and its hits per day, with Back only. An
 * administrator changes nothing here (the customer's own form is for the customer).
 */
export function ViewWebsitePage() {
  return <WebsiteLoader>{(website) => <ViewWebsite website={website} />}</WebsiteLoader>;
}

function ViewWebsite({ website }: { website: Website }) {
  const navigate = useNavigate();
  const location = useLocation();
  const type = packageTypeOf(website);
  // Back to where the admin came from; opened directly (no history in this tab), to the users list.
  const back = () => void (location.key === 'default' ? navigate(paths.users()) : navigate(-1));

  return (
    <FormCard
      title="View Website"
      subtitle={`${PACKAGE_TYPE_LABELS[type]} website of ${website.username} (${website.email})`}
      maxWidth="md"
    >
      <Stack spacing={3}>
        <div>
          <WebsiteSummary website={website} headingLevel="h2" />
        </div>
        <WebsiteHistoryPanel websiteId={website.id} />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="outlined" size="large" onClick={back}>
            Back
          </Button>
        </Stack>
      </Stack>
    </FormCard>
  );
}
