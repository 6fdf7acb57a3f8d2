import Box from '@mui/material/Box';
import { HeroSection } from './components/hero-section.tsx';
import { LandingFooter } from './components/landing-footer.tsx';
import { ValuePoints } from './components/value-points.tsx';

export function LandingPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="main" sx={{ flex: 1 }}>
        <HeroSection />
        <ValuePoints />
      </Box>
      <LandingFooter />
    </Box>
  );
}
