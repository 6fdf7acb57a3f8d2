import type { ReactNode } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PriceTag } from '../price-tag.tsx';

interface PlanCardProps {
  /** The id of the card's heading (the card is labelled by it). */
  headingId: string;
  name: string;
  /** US dollars per month, as the card shows it. */
  price: string;
  hitsPerDay: number;
  slots: number;
  /** What the plan includes, one line each. */
  items: readonly string[];
  /** The accessible name of the list of items. */
  itemsLabel: string;
  /** A chip beside the name (the customer's own plan). */
  badge?: string;
  /** Drawn with the primary border (the customer's own plan, or the plan the public page features). */
  highlighted?: boolean;
  /** The card's actions and the lines that go with them; none for a card that offers nothing to do. */
  children?: ReactNode;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 0.5 }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * One pricing card, the same on the public page (/pricings, the four fixed plans of docs/product.md
 * section 9) and on Pricing (/pricing, the packages on sale): the name, the price per month, the
 * hits per day and slots, what the plan includes, then its actions.
 */
export function PlanCard({
  headingId,
  name,
  price,
  hitsPerDay,
  slots,
  items,
  itemsLabel,
  badge,
  highlighted = false,
  children,
}: PlanCardProps) {
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderColor: highlighted ? 'primary.main' : undefined }}
    >
      <CardContent sx={{ flexGrow: 1, p: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {name}
          </Typography>
          {badge && <Chip size="small" color="primary" label={badge} />}
        </Stack>
        <PriceTag price={price} />
        <Stack component="dl" sx={{ m: 0 }}>
          <Figure label="Hits per day" value={hitsPerDay.toLocaleString('en-US')} />
          <Figure label="Slots" value={slots.toLocaleString('en-US')} />
        </Stack>
        {items.length > 0 && (
          <>
            <Divider sx={{ my: 2 }} />
            <Stack component="ul" spacing={1} aria-label={itemsLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {items.map((item, index) => (
                <Box component="li" key={`${index}-${item}`} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <CheckCircleIcon fontSize="small" color="success" aria-hidden sx={{ mt: '2px' }} />
                  <Typography variant="body2">{item}</Typography>
                </Box>
              ))}
            </Stack>
          </>
        )}
      </CardContent>
      {children && (
        <CardActions disableSpacing sx={{ p: 3, pt: 0, flexDirection: 'column', alignItems: 'stretch', gap: 1.5 }}>
          {children}
        </CardActions>
      )}
    </Card>
  );
}
