import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ACCOUNTING_RETENTION_YEARS } from '@traffic/shared/your-data';
import { paths } from '../../shell/paths.ts';
import { PageHeader } from './components/page-header.tsx';

/** What we keep, why and for how long (docs/product.md section 11, the same table). */
const KEPT: { what: string; why: string; howLong: string }[] = [
  {
    what: 'Your account details: e-mail, username, name, address, phone, city, country',
    why: 'To run your account, sign you in and bill you',
    howLong: 'While your account is open; erased when you close it',
  },
  {
    what: 'Your websites, their settings and the hits delivered to them',
    why: 'To deliver the traffic you bought through 9Hits and show you what was delivered',
    howLong: 'Daily figures for 13 months, then monthly totals; everything goes when you delete a website or close your account',
  },
  {
    what: 'Orders, payments, renewals and refunds',
    why: 'Accounting and tax law, and refunds',
    howLong: `${ACCOUNTING_RETENTION_YEARS} years, also after you close your account (then under a pseudonym, without your name or e-mail)`,
  },
  {
    what: 'Sessions: when and from which address and device you signed in',
    why: 'To show you where you are signed in and protect your account',
    howLong: '90 days after a session ends; erased when you close your account',
  },
  {
    what: 'The security log: sign-ins, password and two-factor changes, administrators’ actions on your account',
    why: 'To protect accounts, investigate abuse and hold administrators to account',
    howLong: '24 months; it cannot be edited, so after you close your account its records show a pseudonym instead of you',
  },
  {
    what: 'Notifications and support messages',
    why: 'To answer you and tell you about your service',
    howLong: '365 days; erased when you close your account',
  },
  {
    what: 'E-mails we sent you',
    why: 'To deliver them and resend them if they fail',
    howLong: '30 days',
  },
];

export default function PrivacyPage() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', pb: { xs: 6, md: 10 } }}>
      <PageHeader overline="Legal" title="Your data">
        What we keep about you, why, and for how long; how to get a copy of it; and how to close your account for good.
      </PageHeader>
      <Container maxWidth="lg">
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 5 } }}>
          <Stack spacing={4}>
            <Box component="section" aria-labelledby="kept-heading">
              <Typography id="kept-heading" variant="h5" component="h2" gutterBottom>
                What we keep
              </Typography>
              {/* A phone reads each row as its own block; from 600 px, a table. */}
              <Stack component="ul" spacing={2} sx={{ display: { xs: 'flex', sm: 'none' }, listStyle: 'none', p: 0, m: 0 }}>
                {KEPT.map((row) => (
                  <Box component="li" key={row.what} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
                    <Typography sx={{ fontWeight: 600 }}>{row.what}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      Why: {row.why}
                    </Typography>
                    <Typography variant="body2">How long: {row.howLong}</Typography>
                  </Box>
                ))}
              </Stack>
              <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
                <Table size="small" aria-labelledby="kept-heading">
                  <TableHead>
                    <TableRow>
                      <TableCell component="th" scope="col">
                        What
                      </TableCell>
                      <TableCell component="th" scope="col">
                        Why
                      </TableCell>
                      <TableCell component="th" scope="col">
                        How long
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {KEPT.map((row) => (
                      <TableRow key={row.what} sx={{ verticalAlign: 'top' }}>
                        <TableCell component="th" scope="row">
                          {row.what}
                        </TableCell>
                        <TableCell>{row.why}</TableCell>
                        <TableCell>{row.howLong}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </Box>
            <Box component="section" aria-labelledby="copy-heading">
              <Typography id="copy-heading" variant="h5" component="h2" gutterBottom>
                A copy of your data
              </Typography>
              <Typography>
                Signed in, open{' '}
                <Link component={RouterLink} to={paths.security()}>
                  Account security
                </Link>{' '}
                and choose Download my data. You get one JSON file with everything listed above, with a README part explaining each part. A
                large file is prepared in the background and we e-mail you when it is ready. Only you can download it, for 24 hours, up to
                three times a day.
              </Typography>
            </Box>
            <Box component="section" aria-labelledby="close-heading">
              <Typography id="close-heading" variant="h5" component="h2" gutterBottom>
                Closing your account
              </Typography>
              <Typography sx={{ mb: 2 }}>
                On Account security, Close my account asks for your password (and your code if two-factor sign-in is on), then at once: your
                subscriptions stop renewing at PayHere and PayPal, your websites stop and their campaigns are deleted at 9Hits, you are
                signed out everywhere, and your personal data is erased or replaced by a pseudonym. Your e-mail address and username become
                free again. You can also ask support to close it; an administrator then does the same.
              </Typography>
              <Typography>
                A payment made within the last 30 days can still be refunded through support. We keep orders and payments for{' '}
                {ACCOUNTING_RETENTION_YEARS} years for accounting, under the pseudonym.
              </Typography>
            </Box>
            <Box component="section" aria-labelledby="others-heading">
              <Typography id="others-heading" variant="h5" component="h2" gutterBottom>
                Who else sees it
              </Typography>
              <Typography>
                PayHere and PayPal process your payments, and 9Hits delivers traffic to your websites (it sees their addresses and settings,
                not you). We share nothing else. The{' '}
                <Link component={RouterLink} to={paths.tos()}>
                  Terms of Service
                </Link>{' '}
                apply as they are.
              </Typography>
            </Box>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
