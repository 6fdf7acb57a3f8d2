import type { ReactNode, Ref } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { clearOfAppBar, focusTarget } from '../../../../components/focus-ring.ts';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A server time (ISO) as the reader's local date and time. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : when.format(date);
}

/**
 * One of the sections of Account security (/security): a titled region. The
 * heading takes focus when `headingRef` is given (a section the page was opened for).
 */
export function SecuritySection({
  id,
  title,
  description,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={`${id}-title`}
      sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider', minWidth: 0, ...clearOfAppBar }}
    >
      <Typography
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        variant="h6"
        component="h2"
        sx={{ fontWeight: 600, ...focusTarget }}
        gutterBottom
      >
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** What a section shows while its data loads. */
export function SectionLoading({ children }: { children: string }) {
  return (
    <Typography color="text.secondary" role="status">
      {children}
    </Typography>
  );
}

/** A list row's button: at the row's end from the small breakpoint up, under its text below it. */
export const ROW_ACTION_SX = { flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } } as const;

/**
 * One row of a section's list (a session, an access token): its name in bold with its chips, the
 * detail lines under it, and its button (`action`) beside or under them.
 */
export function SectionListItem({
  name,
  chips,
  action,
  children,
}: {
  name: string;
  chips: ReactNode;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{
        py: 1.5,
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          {chips}
        </Stack>
        {children}
      </Box>
      {action}
    </Box>
  );
}
