import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink } from 'react-router';
import type { Website } from '@traffic/shared/schemas/accounts.schema';
import { MSG } from '@traffic/shared/messages';
import { paths } from '../../../shell/paths.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useWebsite } from '../api/load-website.ts';
import { useRouteWebsiteId } from '../use-route-id.ts';

/**
 * Loads the website the route's `:id` names and renders `children` with it. Once there is a copy,
 * it stays on screen: a later failed refresh does not take the form away.
 */
export function WebsiteLoader({ children }: { children: (website: Website) => ReactNode }) {
  const id = useRouteWebsiteId();
  if (id === null) return <Navigate to={paths.websites()} replace />;
  return <LoadWebsite id={id}>{children}</LoadWebsite>;
}

function LoadWebsite({ id, children }: { id: number; children: (website: Website) => ReactNode }) {
  const website = useWebsite(id);
  if (website.data) return children(website.data);
  if (website.isError) {
    const refused = isApiError(website.error) && website.error.status >= 400 && website.error.status < 500;
    return (
      <Container component="main" maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
        <Stack spacing={2}>
          <Typography variant="h4" component="h1">
            Website not available
          </Typography>
          <LoadError
            message={refused ? website.error.message : MSG.genericError}
            onRetry={() => void website.refetch()}
            retrying={website.isFetching}
          />
          <Box>
            <Button component={RouterLink} to={paths.websites()} variant="outlined">
              Back to websites
            </Button>
          </Box>
        </Stack>
      </Container>
    );
  }
  return (
    <Box sx={{ py: 8, display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading website" />
    </Box>
  );
}
