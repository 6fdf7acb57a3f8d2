import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

interface ActionDialogProps {
  open: boolean;
  title: string;
  /** What will change, and for whom. */
  children: ReactNode;
  confirmLabel: string;
  /** The default, safe answer (focused first; Escape and a click outside mean it too). */
  cancelLabel?: string;
  /** 'error' for a deletion, 'warning' for an action that changes a customer's service. */
  tone?: 'warning' | 'error';
  width?: 'xs' | 'sm';
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /**
   * Where focus goes on closing when the action removed the button that opened the dialog (MUI hands
   * focus back to that button, and a detached one leaves it on <body>). Read when the dialog closes.
   */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

/**
 * The one confirmation dialog: a question, what will change and for whom, and two answers with the
 * safe one focused. An administrator's action on a customer's service (Pause All, Deactivate, a
 * grant that replaces a running package) uses it directly; deletions through confirm-dialog.tsx,
 * with the product's own words.
 */
export function ActionDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'warning',
  width = 'sm',
  busy,
  onConfirm,
  onCancel,
  fallbackFocus,
}: ActionDialogProps) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    // MUI's own restore (an effect of a child, so it has run): focus still inside the closing dialog,
    // or on <body>, means the opener is gone.
    const active = document.activeElement;
    if (wasOpen.current && !open && (!active || active === document.body || root.current?.contains(active))) fallbackFocus?.()?.focus();
    wasOpen.current = open;
  }, [open, fallbackFocus]);
  return (
    <Dialog
      ref={root}
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      maxWidth={width}
      fullWidth
    >
      {/* A title naming a long e-mail address wraps instead of running off a phone's screen. */}
      <DialogTitle id={`${id}-title`} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent id={`${id}-body`} sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant="contained" color={tone} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
