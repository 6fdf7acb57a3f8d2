import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/**
 * The page around the pricing cards, the same for the public page (/pricings) and Pricing
 * (/pricing): the title, one lead line, then what the page holds (tabs, the grid of cards) and a
 * closing note.
 */
export function PricingLayout({ title, lead, children, note }: { title: string; lead: ReactNode; children: ReactNode; note?: ReactNode }) {
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, sm: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {lead}
      </Typography>
      {children}
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }}>
          {note}
        </Typography>
      )}
    </Container>
  );
}
