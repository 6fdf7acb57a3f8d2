import { accountsApi } from '@traffic/shared/contract/accounts';
import type { User } from '@traffic/shared/schemas/accounts.schema';
import type {} from '../early-user-request.ts';
import { call } from './api-client.ts';
import { readStoredSession } from './session-store.ts';

/** The early answer (early-user-request.ts), decoded once by the API client, for the email it was asked for. */
let early: { email: string; user: Promise<User> } | undefined;

/**
 * The user object the entry asked for before the app started, for this email: one answer, shared
 * by whoever asks first (the session's first screen, the user query's first fetch). Only while the
 * stored token and email are still the ones it was asked with; otherwise none.
 */
export function earlyUser(email: string): Promise<User> | undefined {
  const request = window.earlyUserRequest;
  if (request) {
    delete window.earlyUserRequest;
    const stored = readStoredSession();
    if (stored?.token === request.token && stored.email === request.email)
      early = { email: request.email, user: call(accountsApi.load, { params: { email: request.email } }, { started: request.response }) };
  }
  return early?.email === email ? early.user : undefined;
}

/** The early answer for the user query's first fetch, taken: every later fetch asks the server. */
export function takeEarlyUser(email: string): Promise<User> | undefined {
  const user = earlyUser(email);
  early = undefined;
  return user;
}
