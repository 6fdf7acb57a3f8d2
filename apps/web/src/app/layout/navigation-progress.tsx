import LinearProgress from '@mui/material/LinearProgress';

/** The bar over the current screen while the next one's code loads (its own chunk: the landing page has no use for it). */
export function NavigationProgress() {
  return (
    <LinearProgress
      aria-label="Loading page"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
}
