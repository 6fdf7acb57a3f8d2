import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate } from 'react-router';
import type { Website } from '@traffic/shared/schemas/accounts.schema';
import { paths } from '../../app/paths.ts';
import { FormCard } from '../../components/form-card.tsx';
import { PACKAGE_TYPE_LABELS } from '../../components/package-type-tabs.tsx';
import { NinehitsApproval } from './components/ninehits-approval.tsx';
import { WebsiteDetails } from './components/website-details.tsx';
import { WebsiteLoader } from './components/website-loader.tsx';
import { packageTypeOf } from './website-type.ts';

/**
 * /viewWebsite/:id (admin): any customer's website as a read-only summary, with Back only. An
 * administrator changes nothing here (the customer's own form is for the customer).
 */
export function ViewWebsitePage() {
  return <WebsiteLoader>{(website) => <ViewWebsite website={website} />}</WebsiteLoader>;
}

function ViewWebsite({ website }: { website: Website }) {
  const navigate = useNavigate();
  const location = useLocation();
  const type = packageTypeOf(website);
  const active = website.status === 'ACTIVE';
  // Back to where the admin came from; opened directly (no history in this tab), to the users list.
  const back = () => void (location.key === 'default' ? navigate(paths.users()) : navigate(-1));

  return (
    <FormCard
      title="View Website"
      subtitle={`${PACKAGE_TYPE_LABELS[type]} website of ${website.username} (${website.email})`}
      maxWidth="md"
    >
      <Stack spacing={3}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {website.url}
          </Typography>
          <Chip size="small" color={active ? 'success' : 'default'} label={active ? 'Active' : 'Paused'} />
        </Stack>
        <NinehitsApproval state={website.ninehits_state} />
        <WebsiteDetails website={website} />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="outlined" size="large" onClick={back}>
            Back
          </Button>
        </Stack>
      </Stack>
    </FormCard>
  );
}
