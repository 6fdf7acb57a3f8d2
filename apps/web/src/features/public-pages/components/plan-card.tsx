import type { ReactNode } from 'react';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SpeedIcon from '@mui/icons-material/Speed';
import StarIcon from '@mui/icons-material/Star';
import WebIcon from '@mui/icons-material/Web';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { PriceTag } from '../../../components/price-tag.tsx';
import { ALL_PLAN_FEATURES, type PublicPlan } from '../public-plans.ts';

function slug(name: string) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

export function PlanCard({ plan }: { plan: PublicPlan }) {
  const headingId = `plan-${slug(plan.name)}`;
  const featured = plan.extras.length > 0;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: featured ? 'primary.main' : undefined,
        background: featured ? 'linear-gradient(180deg, rgba(96, 165, 250, 0.12), rgba(17, 26, 46, 1) 45%)' : undefined,
        transition: 'transform 150ms ease, border-color 150ms ease',
        '&:hover': { transform: 'translateY(-4px)', borderColor: 'primary.main' },
      }}
    >
      <CardContent sx={{ flex: 1, p: 3 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {plan.name}
        </Typography>
        <PriceTag price={plan.price} />

        <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={`${plan.name} allowance`}>
          <Line icon={<SpeedIcon />} strong>
            {plan.hitsPerDay.toLocaleString('en-US')} hits per day
          </Line>
          <Line icon={<WebIcon />} strong>
            {plan.slots.toLocaleString('en-US')} slots
          </Line>
          {plan.extras.map((extra) => (
            <Line key={extra} icon={<StarIcon />} strong>
              {extra}
            </Line>
          ))}
        </Stack>

        <Divider sx={{ my: 2.5 }} />

        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={`${plan.name} features`}>
          {ALL_PLAN_FEATURES.map((feature) => (
            <Line key={feature} icon={<CheckCircleIcon />}>
              {feature}
            </Line>
          ))}
        </Stack>
      </CardContent>
      <CardActions sx={{ p: 3, pt: 0 }}>
        <Button fullWidth size="large" variant={featured ? 'contained' : 'outlined'} component={RouterLink} to={paths.register()}>
          Choose {plan.name}
        </Button>
      </CardActions>
    </Card>
  );
}

function Line({ icon, strong = false, children }: { icon: ReactNode; strong?: boolean; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box aria-hidden sx={{ display: 'flex', color: strong ? 'primary.main' : 'success.main', '& svg': { fontSize: 20 } }}>
        {icon}
      </Box>
      <Typography variant="body2" color={strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: strong ? 600 : 400 }}>
        {children}
      </Typography>
    </Box>
  );
}
