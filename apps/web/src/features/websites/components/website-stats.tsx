import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TypeStats } from '@traffic/shared/schemas/accounts.schema';

const number = (n: number) => n.toLocaleString('en-US');

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="h5" component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {number(value)}
      </Typography>
    </Stack>
  );
}

interface StatsCardProps {
  id: string;
  title: string;
  unit: string;
  total: number;
  used: number;
  available: number;
}

/** Available never reads below zero: over capacity it is 0, and a line says by how much the websites exceed it. */
function StatsCard({ id, title, unit, total, used, available }: StatsCardProps) {
  const over = Math.max(0, -available);
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={id} variant="subtitle1" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Stack component="dl" direction="row" spacing={2} sx={{ m: 0 }}>
          <Figure label="Total" value={total} />
          <Figure label="Used" value={used} />
          <Figure label="Available" value={Math.max(0, available)} />
        </Stack>
        {over > 0 && (
          <Typography variant="body2" color="warning.main" sx={{ mt: 1.5 }}>
            Your websites, paused ones included, use {number(over)} {unit} more than your package allows.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The package type's capacity: total, used and available hits per day and slots. */
export function WebsiteStats({ stats }: { stats: TypeStats }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <StatsCard
          id="stats-hits"
          title="Hits per day"
          unit="hits per day"
          total={stats.totalHits}
          used={stats.usedHits}
          available={stats.availableHits}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <StatsCard
          id="stats-slots"
          title="Slots"
          unit={stats.usedSlots - stats.totalSlots === 1 ? 'slot' : 'slots'}
          total={stats.totalSlots}
          used={stats.usedSlots}
          available={stats.availableSlots}
        />
      </Grid>
    </Grid>
  );
}
