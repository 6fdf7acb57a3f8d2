import type { ReactNode } from 'react';
import AddchartIcon from '@mui/icons-material/Addchart';
import BoltIcon from '@mui/icons-material/Bolt';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import PublicIcon from '@mui/icons-material/Public';
import SpeedIcon from '@mui/icons-material/Speed';
import WebIcon from '@mui/icons-material/Web';
import Paper from '@mui/material/Paper';
import Container from '@mui/material/Container';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TARGET_REGIONS } from '@traffic/shared/countries';

const targetCountryCount = TARGET_REGIONS.reduce((count, region) => count + region.countries.length, 0);

const points: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <SpeedIcon />,
    title: 'Hits per day',
    text: 'Every package sets how many visits your websites receive each day, renewed month after month.',
  },
  {
    icon: <WebIcon />,
    title: 'Website slots',
    text: 'One slot holds one website. Spread your daily hits across as many sites as your slots allow.',
  },
  {
    icon: <ManageSearchIcon />,
    title: 'Normal and SEO packages',
    text: 'Normal packages send direct, referral and social visits; SEO packages send organic visits from your search keywords.',
  },
  {
    icon: <BoltIcon />,
    title: 'Delivered by 9Hits',
    text: 'Traffic arrives through the 9Hits network, with bounce rate reduction, random clicks and page scrolls.',
  },
  {
    icon: <PublicIcon />,
    title: 'Geo targeting',
    text: `Reach visitors from all countries, or choose from ${targetCountryCount} countries across ${TARGET_REGIONS.length} regions.`,
  },
  {
    icon: <AddchartIcon />,
    title: 'Extra hits and slots',
    text: 'Need more this month? Add extra hits or extra slots to either package type whenever you like.',
  },
];

export function ValuePoints() {
  return (
    <Container component="section" maxWidth="lg" sx={{ pb: { xs: 8, md: 12 } }} aria-label="What you get">
      {/* A CSS grid: one, two or three columns, without the Grid module on the landing page. */}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
        {points.map((point) => (
          <Box key={point.title}>
            <Paper variant="outlined" sx={{ height: '100%', p: 2, pb: 3 }}>
              <Typography color="primary" sx={{ display: 'flex', mb: 1.5, '& svg': { fontSize: 32 } }}>
                {point.icon}
              </Typography>
              <Typography variant="h6" component="h2" gutterBottom>
                {point.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {point.text}
              </Typography>
            </Paper>
          </Box>
        ))}
      </Box>
    </Container>
  );
}
