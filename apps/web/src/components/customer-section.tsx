import { useState, type ReactNode } from 'react';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LoadError } from './load-error.tsx';
import { PagePagination } from './page-pagination.tsx';

/** A server page of a customer's records, as the customer page's sections ask for it. */
interface RecordsQuery {
  data: { total: number } | undefined;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

const MESSAGE_SX = { px: 2.5, pb: 2 } as const;

/** The page a section shows, ten records a page, from the first: spread into CustomerSection and the query. */
export function useSectionPaging() {
  const [page, setPage] = useState(0);
  return { page, size: 10, onPage: setPage };
}

/**
 * One section of the admin's customer page (/users/:id) listing the customer's records from a
 * screen of their own: its title and lead, a link to that screen, then the loading, failure and
 * empty states, the records (`children`) and, past one page, the pager.
 */
export function CustomerSection({
  id,
  title,
  lead,
  link,
  linkText,
  query,
  texts,
  page,
  size,
  onPage,
  children,
}: {
  id: string;
  title: string;
  lead: string;
  link: string;
  linkText: string;
  query: RecordsQuery;
  texts: { failed: string; loading: string; empty: string };
  page: number;
  size: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const total = query.data?.total;
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ px: 2.5, pt: 2, pb: 1.5, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}
        useFlexGap
      >
        <div>
          <Typography id={id} variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {lead}
          </Typography>
        </div>
        <Link component={RouterLink} to={link} variant="body2">
          {linkText}
        </Link>
      </Stack>
      {query.isError && <LoadError message={texts.failed} onRetry={() => void query.refetch()} retrying={query.isFetching} />}
      {query.isPending && (
        <Typography color="text.secondary" sx={MESSAGE_SX}>
          {texts.loading}
        </Typography>
      )}
      {total === 0 && (
        <Typography color="text.secondary" sx={MESSAGE_SX}>
          {texts.empty}
        </Typography>
      )}
      {total !== undefined && total > 0 && (
        <>
          {children}
          {total > size && <PagePagination count={total} page={page} size={size} onPage={onPage} />}
        </>
      )}
    </Paper>
  );
}
