import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTION_LABELS } from '@traffic/shared/audit-actions';
import type { AuditEvent } from '@traffic/shared/schemas/security.schema';
import { EmailText } from '../../components/email-text.tsx';
import { TableHeaderRow } from '../../components/table-header-row.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { changeLines } from './changes.ts';
import { focusRing } from '../../components/focus-ring.ts';

/**
 * Four columns that fit the admin content width at 1280 px: where (address and device) stacks under
 * when, and who under what was done, so nothing scrolls sideways on a wide screen.
 */
const HEADERS = ['When and where', 'Action and actor', 'Target', 'Changes'] as const;
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
/** Keyboard focus stays visible on the scrolling region and the JSON toggles (WCAG 2.4.7). */
const NONE = '—';

function Secondary({ children }: { children: string }) {
  return (
    <Typography variant="caption" component="div" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  );
}

/** A target labelled by an account's e-mail, which wraps only before its '@'. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The target's label (else its id), over its type and, where the label is not the id, the id. */
function Target({ row }: { row: AuditEvent }) {
  const name = row.targetLabel ?? row.targetId;
  if (!name && !row.targetType) return NONE;
  const detail = [row.targetType, row.targetLabel && row.targetId && row.targetId !== row.targetLabel ? `id ${row.targetId}` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      {name && EMAIL.test(name) ? (
        <EmailText email={name} />
      ) : (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {name ?? NONE}
        </Box>
      )}
      {detail && <Secondary>{detail}</Secondary>}
    </>
  );
}

/**
 * `key: old → new` per changed field, and the whole before/after as JSON behind a toggle. `name`
 * tells the row's toggle from the others' (its action and time) to a screen reader's list of controls.
 */
function Changes({ row, name }: { row: AuditEvent; name: string }) {
  const lines = changeLines(row.before, row.after);
  if (lines.length === 0) return NONE;
  return (
    <>
      {lines.map((line, index) => (
        <Typography key={index} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
      <Box component="details" sx={{ mt: 0.5 }}>
        <Box
          component="summary"
          aria-label={`Full JSON: ${name}`}
          sx={{ cursor: 'pointer', color: 'text.secondary', typography: 'caption', borderRadius: 0.5, '&:focus-visible': focusRing }}
        >
          Full JSON
        </Box>
        <Box
          component="pre"
          sx={{
            m: 0,
            mt: 0.5,
            p: 1,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontSize: 12,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {JSON.stringify({ before: row.before, after: row.after }, null, 2)}
        </Box>
      </Box>
    </>
  );
}

/**
 * The audit rows as the server sends them (newest first). On a narrow screen the table scrolls
 * sideways inside its own region; the page never does.
 */
export function AuditTable({ rows, busy }: { rows: AuditEvent[]; busy: boolean }) {
  return (
    <TableScroll label="Audit log">
      <Table size="small" aria-label="Audit log" aria-busy={busy} sx={{ minWidth: 760 }}>
        <TableHeaderRow headers={HEADERS} noWrap />
        <TableBody>
          {rows.map((row) => {
            const date = new Date(row.at);
            const time = Number.isNaN(date.getTime()) ? row.at : when.format(date);
            const label = AUDIT_ACTION_LABELS[row.action] ?? row.action;
            // An account's repeats within a few minutes are one record with a count.
            const action = (row.repeats ?? 1) > 1 ? `${label} (${row.repeats} times)` : label;
            return (
              <TableRow key={row.id} sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ maxWidth: 220 }}>
                  <Box component="time" dateTime={row.at} title={row.at} sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                    {time}
                  </Box>
                  <Secondary>{row.ip ?? NONE}</Secondary>
                  {row.device && <Secondary>{row.device}</Secondary>}
                </TableCell>
                <TableCell sx={{ minWidth: 160, maxWidth: 240 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {action}
                  </Typography>
                  <Typography variant="caption" component="div" color="text.secondary">
                    {row.actorEmail ? (
                      <>
                        by <EmailText email={row.actorEmail} />
                      </>
                    ) : (
                      NONE
                    )}
                  </Typography>
                </TableCell>
                <TableCell sx={{ minWidth: 160, maxWidth: 260 }}>
                  <Target row={row} />
                </TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <Changes row={row} name={`${action}, ${time}`} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
