import type { ReactNode } from 'react';
import AddchartIcon from '@mui/icons-material/Addchart';
import BoltIcon from '@mui/icons-material/Bolt';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import PublicIcon from '@mui/icons-material/Public';
import SpeedIcon from '@mui/icons-material/Speed';
import WebIcon from '@mui/icons-material/Web';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
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
      <Grid container spacing={3}>
        {points.map((point) => (
          <Grid key={point.title} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%', bgcolor: 'background.paper' }}>
              <CardContent>
                <Typography color="primary" sx={{ display: 'flex', mb: 1.5, '& svg': { fontSize: 32 } }}>
                  {point.icon}
                </Typography>
                <Typography variant="h6" component="h2" gutterBottom>
                  {point.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {point.text}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Container>
  );
}
