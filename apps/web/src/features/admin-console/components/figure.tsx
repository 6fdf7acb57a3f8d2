import Typography from '@mui/material/Typography';

/** One labelled figure of the dashboard (a group named by its label), with an optional line under it. */
export function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      )}
    </div>
  );
}
