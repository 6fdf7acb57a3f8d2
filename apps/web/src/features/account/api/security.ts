import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { securityApi } from '@traffic/shared/contract/security';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The signed-in account's own security data (Account security); every key under one prefix. */
export const securityKeys = {
  all: queryKeys.accountSecurity.all,
  overview: queryKeys.accountSecurity.overview,
  eventsAll: ['account-security', 'events'] as const,
  events: (page: number) => ['account-security', 'events', { page }] as const,
};

/** The server answers 20 events a page. */
export const EVENTS_PAGE_SIZE = 20;

/** GET account/security: two-factor state and the open sessions. */
export function useSecurityOverview() {
  return useQuery({ queryKey: securityKeys.overview, queryFn: () => call(securityApi.overview) });
}

/** GET account/events: one page of the account's security events, newest first; the previous page stays up while the next loads. */
export function useSecurityEvents(page: number) {
  return useQuery({
    queryKey: securityKeys.events(page),
    queryFn: () => call(securityApi.events, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** Every change here is a security event and may change the sessions or two-factor state: both are read again. */
function useRefreshSecurity() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: securityKeys.all });
}

/** POST account/two-factor/setup: a new secret and its QR code; nothing is on until a code confirms it. */
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: () => call(securityApi.setupTwoFactor) });
}

/** POST account/two-factor/enable: answers the ten recovery codes. The admin screens answer from now on. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: BodyIn<typeof securityApi.enableTwoFactor>) => call(securityApi.enableTwoFactor, { body }),
    onSuccess: () => {
      void refresh();
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
    },
  });
}

/** POST account/two-factor/disable (password and code). */
export function useDisableTwoFactor() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: BodyIn<typeof securityApi.disableTwoFactor>) => call(securityApi.disableTwoFactor, { body }),
    onSuccess: () => void refresh(),
  });
}

/** POST account/two-factor/recovery-codes: ten new codes; the old ones stop working. */
export function useNewRecoveryCodes() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: BodyIn<typeof securityApi.newRecoveryCodes>) => call(securityApi.newRecoveryCodes, { body }),
    onSuccess: () => void refresh(),
  });
}

/** POST account/password: every other session ends. */
export function useChangePassword() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (body: BodyIn<typeof securityApi.changePassword>) => call(securityApi.changePassword, { body }),
    onSuccess: () => void refresh(),
  });
}

/** DELETE account/sessions/{id}: signs out one other session. */
export function useEndSession() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: (id: string) => call(securityApi.endSession, { params: { id } }),
    // A session that had already ended is gone from the list too.
    onSettled: () => void refresh(),
  });
}

/** POST account/sessions/sign-out-others: every session but this one. */
export function useEndOtherSessions() {
  const refresh = useRefreshSecurity();
  return useMutation({
    mutationFn: () => call(securityApi.endOtherSessions),
    onSuccess: () => void refresh(),
  });
}
