import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { CURRENCY } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { paths } from '../../shell/paths.ts';
import { PlanCard } from '../../components/pricing/plan-card.tsx';
import { PlanGrid, PlanGridItem } from '../../components/pricing/plan-grid.tsx';
import { PageLayout } from '../../components/page-layout.tsx';
import { ALL_PLAN_FEATURES, PUBLIC_PLANS } from './public-plans.ts';

function slug(name: string) {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** /pricings, for visitors: the four fixed plans of docs/product.md section 9 in Pricing's cards and layout. */
export default function PricingsPage() {
  return (
    <PageLayout
      title={MSG.pricingTitle}
      lead="Every plan delivers hits to your websites every day, billed monthly and renewed automatically. Create an account to pick yours."
      note={
        <>
          Prices in {CURRENCY}, per month. 100% refund within 30 days through our support team, as set out in the{' '}
          <Link component={RouterLink} to={paths.tos()}>
            Terms of Service
          </Link>
          .
        </>
      }
    >
      <PlanGrid>
        {PUBLIC_PLANS.map((plan) => (
          <PlanGridItem key={plan.name}>
            <PlanCard
              headingId={`plan-${slug(plan.name)}`}
              name={plan.name}
              price={plan.price}
              hitsPerDay={plan.hitsPerDay}
              slots={plan.slots}
              items={[...plan.extras, ...ALL_PLAN_FEATURES]}
              itemsLabel={`${plan.name} features`}
              highlighted={plan.extras.length > 0}
            >
              <Button fullWidth size="large" variant="contained" component={RouterLink} to={paths.register()} sx={{ px: 1 }}>
                Choose {plan.name}
              </Button>
            </PlanCard>
          </PlanGridItem>
        ))}
      </PlanGrid>
    </PageLayout>
  );
}
