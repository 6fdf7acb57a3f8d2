import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../shell/paths.ts';

/** One titled example: a sentence and the command, in a block that scrolls sideways on a phone rather than the page. */
function Example({ title, children, command }: { title: string; children: string; command: string }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }} gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {children}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={`${title}: command`}
        sx={{
          m: 0,
          p: 2,
          borderRadius: 1,
          bgcolor: 'action.hover',
          color: 'text.primary',
          border: 1,
          borderColor: 'divider',
          overflowX: 'auto',
          fontSize: '0.875rem',
          lineHeight: 1.6,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <code>{command}</code>
      </Box>
    </Box>
  );
}

/**
 * /api-access: how a customer's scripts call the Customer API with a personal access token
 * (docs/decisions/0037-personal-access-tokens.md), with curl examples against this server. The
 * token e-mail and Account security link here.
 */
export function ApiAccessPage() {
  const api = `${window.location.origin}/api`;
  const auth = '-H "Authorization: Bearer $TRAFFIC_TOKEN"';
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        API access
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Scripts can manage your websites through the Customer API. Create a personal access token on{' '}
        <Link component={RouterLink} to={`${paths.security()}#access-tokens`}>
          Account security
        </Link>
        , keep it secret, and send it in the <code>Authorization</code> header of every call. A token with the <b>read</b> scope reads your
        account, subscriptions, add-ons, websites, delivery and billing history; <b>read and write</b> also creates, edits, pauses,
        activates and deletes websites. Tokens never reach the password, two-factor, session or token settings, checkout or admin features.
      </Typography>
      <Typography color="text.secondary">
        Every endpoint a token can call is listed under &quot;Customer API&quot; in the{' '}
        <Link href="/api/docs" target="_blank" rel="noopener">
          API reference
        </Link>
        . Each token may make a limited number of calls a minute: the <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and{' '}
        <code>RateLimit-Reset</code> headers tell how many are left, and past the limit the answer is 429 with <code>Retry-After</code>.
        Errors are JSON with a <code>code</code>: <code>TOKEN_REVOKED</code> or <code>TOKEN_EXPIRED</code> (401) mean the token must be
        replaced, <code>TOKEN_SCOPE</code> (403) that the call needs another scope or is not part of the Customer API.
      </Typography>

      <Example title="Keep the token in a variable" command={'export TRAFFIC_TOKEN=trf_pat_…'}>
        Paste the token you copied when you created it.
      </Example>
      <Example title="List your websites" command={`curl ${auth} \\\n  ${api}/websites`}>
        Answers your websites, oldest first, each with its id and status.
      </Example>
      <Example
        title="Create a website"
        command={`curl -X POST ${auth} \\\n  -H "Content-Type: application/json" \\\n  -d '{"url": "https://www.example.com/", "daily_hit_limit": 100,\n       "traffic_source": "Direct", "traffic_source_type": "",\n       "bounce_rate_reduction": true,\n       "geolocation_type": "All Countries", "geolocations": []}' \\\n  ${api}/website`}
      >
        Needs a token with the read and write scope and a free website slot in your package; answers the new website.
      </Example>
      <Example title="Read a website's delivery history" command={`curl ${auth} \\\n  "${api}/website/WEBSITE_ID/history?days=30"`}>
        Delivered hits per day for the last 7, 30 or 90 days, today so far; replace WEBSITE_ID with an id from the list.
      </Example>
    </Container>
  );
}
