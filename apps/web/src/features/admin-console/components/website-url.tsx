import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

/** Only web addresses become links: a stored URL is user input and must never run script. */
export function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** A customer's website address, opening in a new tab. */
export function WebsiteUrl({ url }: { url: string }) {
  // Long addresses wrap where they must (anywhere), not every few characters as break-all makes them in a narrow cell.
  const sx = { overflowWrap: 'anywhere', fontWeight: 600 } as const;
  if (!isWebAddress(url))
    return (
      <Typography component="span" sx={sx}>
        {url}
      </Typography>
    );
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" sx={sx}>
      {url}
    </Link>
  );
}
