import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys.ts';
import Typography from '@mui/material/Typography';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { useEndUserSessionsMutation } from './api/end-user-sessions.ts';
import { useResetUserTwoFactorMutation } from './api/reset-user-two-factor.ts';
import type { BulkWebsiteStatus } from './api/set-websites-status.ts';
import { useSetWebsitesStatusMutation } from './api/set-websites-status.ts';
import { useUserStatusMutation, type StatusAction } from './use-user-status.ts';

export interface ActionTarget {
  id: number;
  username: string;
  email: string;
  /** How many websites the customer has, where the screen knows it. */
  websiteCount?: number;
}

type Pending =
  | { kind: 'status'; user: ActionTarget; action: StatusAction }
  | { kind: 'websites'; user: ActionTarget; status: BulkWebsiteStatus }
  | { kind: 'sessions'; user: ActionTarget }
  | { kind: 'twoFactor'; user: ActionTarget };

const sites = (n: number | undefined) => (n === undefined ? 'websites' : n === 1 ? 'website' : `${n} websites`);

/** What the dialog says before each action that changes a customer's service: whom, and the effect. */
function describe(pending: Pending): { title: string; body: ReactNode; confirmLabel: string } {
  const { username, email, websiteCount } = pending.user;
  const who = `${username} (${email})`;
  if (pending.kind === 'sessions')
    return {
      title: `Sign ${email} out on every device?`,
      body: (
        <Typography>
          Every session of {who} ends now: they must sign in again in each browser and app. Their account, package and websites stay as they
          are.
        </Typography>
      ),
      confirmLabel: 'End all sessions',
    };
  if (pending.kind === 'twoFactor')
    return {
      title: `Turn off two-factor sign-in for ${email}?`,
      body: (
        <>
          <Typography gutterBottom>
            {who} will sign in with the password alone, and their recovery codes stop working. Do this only for a customer who lost both the
            authenticator app and the recovery codes, once you are sure it is them.
          </Typography>
          <Typography>They get an e-mail about it, and can turn two-factor sign-in on again in Account security.</Typography>
        </>
      ),
      confirmLabel: 'Turn off two-factor',
    };
  if (pending.kind === 'status')
    return pending.action === 'deactivate'
      ? {
          title: `Deactivate ${username}?`,
          body: (
            <>
              <Typography gutterBottom>
                {who} will not be able to add, edit or switch on websites, or buy anything, until an administrator activates the account
                again. Their card subscriptions stop renewing.
              </Typography>
              <Typography>Their websites stay as they are; pause them with Pause All if they must stop now.</Typography>
            </>
          ),
          confirmLabel: 'Deactivate',
        }
      : {
          title: `Activate ${username}?`,
          body: <Typography>{who} can use the service again.</Typography>,
          confirmLabel: 'Activate',
        };
  return pending.status === 'PAUSED'
    ? {
        title: `Pause all websites of ${username}?`,
        body: (
          <Typography>
            The {sites(websiteCount)} of {who} stop receiving traffic now, at 9Hits too. The customer can switch them on again.
          </Typography>
        ),
        confirmLabel: 'Pause All',
      }
    : {
        title: `Switch on all websites of ${username}?`,
        body: (
          <Typography>
            The {sites(websiteCount)} of {who} start receiving traffic again, including those the customer paused and those above the
            package&apos;s capacity.
          </Typography>
        ),
        confirmLabel: 'Unpause All',
      };
}

/**
 * Deactivate, Pause All, Unpause All, End all sessions and Turn off two-factor, each after a dialog that names the
 * customer and the effect (Activate runs at once). `dialog` is rendered once by the screen.
 */
export function useConfirmedUserAction() {
  const status = useUserStatusMutation();
  const websites = useSetWebsitesStatusMutation();
  const sessions = useEndUserSessionsMutation();
  const twoFactor = useResetUserTwoFactorMutation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [actingOn, setActingOn] = useState<number | null>(null);
  // Turn off two-factor removes its own button: focus then goes here instead of to <body>.
  const returnTo = useRef<HTMLElement | null>(null);
  const fallbackFocus = useCallback(() => returnTo.current, []);
  function ask(action: Pending, fallback: HTMLElement | null = null) {
    returnTo.current = fallback;
    setPending(action);
  }
  const busy = status.isPending || websites.isPending || sessions.isPending || twoFactor.isPending;

  function run(action: Pending) {
    setActingOn(action.user.id);
    const settle = {
      onSettled: () => {
        setPending(null);
        setActingOn(null);
        // The customer page shows every effect of these actions (status, websites, sessions, audit events).
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.customerPagesAll });
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.auditAll });
      },
    };
    if (action.kind === 'status')
      status.mutate({ email: action.user.email, username: action.user.username, action: action.action }, settle);
    else if (action.kind === 'websites')
      websites.mutate({ userId: action.user.id, username: action.user.username, status: action.status }, settle);
    else if (action.kind === 'twoFactor') twoFactor.mutate({ email: action.user.email, username: action.user.username }, settle);
    else sessions.mutate({ email: action.user.email }, settle);
  }

  const text = pending && describe(pending);
  const dialog = (
    <ActionDialog
      open={pending !== null}
      title={text?.title ?? ''}
      confirmLabel={text?.confirmLabel ?? ''}
      busy={busy}
      onCancel={() => setPending(null)}
      onConfirm={() => pending && run(pending)}
      fallbackFocus={fallbackFocus}
    >
      {text?.body}
    </ActionDialog>
  );

  return {
    dialog,
    /** The user whose call is running (their row's buttons wait). */
    busyUserId: busy ? actingOn : null,
    busy,
    /** Activate lifts a restriction and runs at once; Deactivate asks first. */
    setStatus: (user: ActionTarget, action: StatusAction) =>
      action === 'activate' ? run({ kind: 'status', user, action }) : ask({ kind: 'status', user, action }),
    setWebsites: (user: ActionTarget, next: BulkWebsiteStatus) => ask({ kind: 'websites', user, status: next }),
    /** Signs the user out everywhere, after asking. */
    endSessions: (user: ActionTarget) => ask({ kind: 'sessions', user }),
    /** Turns off the user's two-factor sign-in, after asking; `focusAfter` takes focus once its button is gone. */
    resetTwoFactor: (user: ActionTarget, focusAfter?: HTMLElement | null) => ask({ kind: 'twoFactor', user }, focusAfter),
  };
}
