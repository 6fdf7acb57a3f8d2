import type { ReactNode } from 'react';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import FlagIcon from '@mui/icons-material/Flag';
import HistoryEduIcon from '@mui/icons-material/HistoryEdu';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PublicIcon from '@mui/icons-material/Public';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import OndemandVideoIcon from '@mui/icons-material/OndemandVideo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../shell/paths.ts';
import { PageHeader } from './components/page-header.tsx';
import { externalLinks } from '../../shell/links.ts';

const milestones: { icon: ReactNode; value: string; label: string }[] = [
  { icon: <HistoryEduIcon />, value: '2008', label: 'The year we started' },
  { icon: <FlagIcon />, value: 'India', label: 'Home of our first branch' },
  { icon: <PublicIcon />, value: 'Several countries', label: 'Offices and customers' },
];

export default function AboutPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="main" sx={{ flex: 1 }}>
        <PageHeader overline="About us" title="Helping websites get seen since 2008">
          We sell website traffic by the month: packages of daily hits and website slots, delivered to the sites you choose from the sources
          and countries you pick.
        </PageHeader>

        <Container maxWidth="lg" sx={{ pb: { xs: 6, md: 10 } }}>
          <Grid container spacing={{ xs: 4, md: 6 }} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack spacing={2}>
                <Typography variant="h4" component="h2" sx={{ fontWeight: 700 }}>
                  Our story
                </Typography>
                <Typography color="text.secondary">
                  The company was founded in 2008 with a first branch in India, serving site owners who needed steady, measurable visits
                  while their audience grew.
                </Typography>
                <Typography color="text.secondary">
                  Since then we have grown well beyond that first office. Today we have offices or customers in several countries, and the
                  same idea still drives the product: a clear monthly package, daily delivery you can configure per website, and people you
                  can talk to when something needs attention.
                </Typography>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack spacing={2}>
                {milestones.map((milestone) => (
                  <Card key={milestone.label} variant="outlined">
                    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, '&:last-child': { pb: 2 } }}>
                      <Box
                        aria-hidden
                        sx={{
                          display: 'grid',
                          placeItems: 'center',
                          width: 48,
                          height: 48,
                          flexShrink: 0,
                          borderRadius: 2,
                          color: 'primary.main',
                          bgcolor: 'rgba(96, 165, 250, 0.12)',
                        }}
                      >
                        {milestone.icon}
                      </Box>
                      <Box>
                        <Typography variant="h6" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
                          {milestone.value}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {milestone.label}
                        </Typography>
                      </Box>
                    </CardContent>
                  </Card>
                ))}
              </Stack>
            </Grid>
          </Grid>
        </Container>

        <Box component="section" aria-labelledby="about-help" sx={{ bgcolor: 'rgba(255, 255, 255, 0.02)', py: { xs: 6, md: 10 } }}>
          <Container maxWidth="lg">
            <Typography id="about-help" variant="h4" component="h2" sx={{ fontWeight: 700, textAlign: 'center', mb: 1 }}>
              Help when you need it
            </Typography>
            <Typography color="text.secondary" sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
              Learn the product at your own pace, or ask us directly.
            </Typography>
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 6 }}>
                <HelpCard
                  icon={<OndemandVideoIcon />}
                  title="Video tutorials"
                  text="Short, step-by-step videos on adding a website, choosing traffic sources, targeting countries and reading your statistics."
                  action={
                    <Button
                      variant="contained"
                      href={externalLinks.videoTutorials}
                      target="_blank"
                      rel="noopener noreferrer"
                      endIcon={<OpenInNewIcon />}
                    >
                      Watch video tutorials
                    </Button>
                  }
                />
              </Grid>
              <Grid size={{ xs: 12, md: 6 }}>
                <HelpCard
                  icon={<SupportAgentIcon />}
                  title="Support"
                  text="Questions about a package, a payment or one of your websites? Sign in and send our support team a message; we answer every request."
                  action={
                    <Button variant="outlined" component={RouterLink} to={paths.support()} endIcon={<ArrowForwardIcon />}>
                      Contact support
                    </Button>
                  }
                />
              </Grid>
            </Grid>
          </Container>
        </Box>
      </Box>

      <Box component="footer">
        <Divider />
        <Typography variant="body2" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          all rights reserved 2019
        </Typography>
      </Box>
    </Box>
  );
}

function HelpCard({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 3, md: 4 }, height: '100%', display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', '& svg': { fontSize: 36 } }}>
          {icon}
        </Box>
        <Typography variant="h5" component="h3" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {text}
        </Typography>
        <Box>{action}</Box>
      </CardContent>
    </Card>
  );
}
