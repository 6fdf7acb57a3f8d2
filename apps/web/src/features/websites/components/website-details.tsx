import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Website } from '@traffic/shared/schemas/accounts.schema';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Grid>
  );
}

function sourceText(website: Website): string {
  if (website.type !== 'normal')
    return website.traffic_source_type ? `Keywords: ${website.traffic_source_type.split(',').join(', ')}` : 'Keywords';
  return website.traffic_source_type ? `${website.traffic_source} (${website.traffic_source_type})` : website.traffic_source;
}

function geolocationText(website: Website): string {
  if (website.geolocation_type !== 'Specific Countries' || website.locations.length === 0) return website.geolocation_type;
  return website.locations.map((l) => l.geolocation).join(', ');
}

/** What a website is set to: title and engine (non-normal types), hits, source, bounce rate, countries. */
export function WebsiteDetails({ website }: { website: Website }) {
  return (
    <Grid container component="dl" spacing={2} sx={{ m: 0 }}>
      {website.type !== 'normal' && <Detail label="Title" value={website.title ?? '-'} />}
      {website.type !== 'normal' && <Detail label="Search Engine" value={website.search_engine ?? '-'} />}
      <Detail label="Hits per day" value={website.daily_hit_limit.toLocaleString('en-US')} />
      <Detail label="Traffic source" value={sourceText(website)} />
      <Detail label="Bounce rate reduction" value={website.bounce_rate_reduction ? 'On' : 'Off'} />
      <Detail label="Geolocation" value={geolocationText(website)} />
    </Grid>
  );
}
