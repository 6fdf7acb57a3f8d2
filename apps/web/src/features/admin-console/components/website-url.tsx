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

/**
 * A customer's website address, opening in a new tab. `oneLine` keeps it on one line in a table
 * row, cut with an ellipsis past the column's width (the whole address is its tooltip).
 */
export function WebsiteUrl({ url, oneLine = false }: { url: string; oneLine?: boolean }) {
  // Long addresses wrap where they must (anywhere), not every few characters as break-all makes them in a narrow cell.
  const sx = oneLine
    ? ({ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: 600 } as const)
    : ({ overflowWrap: 'anywhere', fontWeight: 600 } as const);
  const title = oneLine ? url : undefined;
  if (!isWebAddress(url))
    return (
      <Typography component="span" sx={sx} title={title}>
        {url}
      </Typography>
    );
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" sx={sx} title={title}>
      {url}
    </Link>
  );
}
