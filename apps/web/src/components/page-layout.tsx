import type { ReactNode } from 'react';
import Container, { type ContainerProps } from '@mui/material/Container';
import Typography from '@mui/material/Typography';

interface PageLayoutProps {
  title: string;
  /** One lead line under the title. */
  lead: ReactNode;
  children: ReactNode;
  /** A closing note under what the page holds (the pricing pages'). */
  note?: ReactNode;
  maxWidth?: ContainerProps['maxWidth'];
  /** The space above and below the page from the small breakpoint up (3 below it). */
  space?: number;
  /** The space under the lead line. */
  leadGap?: number;
  /** The page is the main landmark, unless a frame around it already is (the admin console's). */
  main?: boolean;
}

/**
 * A screen's page: the title (the page's one h1), one lead line, then what the page holds. The
 * same for the pricing pages (/pricings, /pricing), the customer's pages and the admin tables.
 */
export function PageLayout({ title, lead, children, note, maxWidth = 'lg', space = 6, leadGap = 3, main = true }: PageLayoutProps) {
  return (
    <Container component={main ? 'main' : 'div'} maxWidth={maxWidth} sx={{ py: { xs: 3, sm: space } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: leadGap }}>
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
