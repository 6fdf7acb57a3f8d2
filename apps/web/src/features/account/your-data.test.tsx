import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DataExport } from '@traffic/shared/schemas/your-data.schema';
import type { AccountSecurity } from '@traffic/shared/schemas/security.schema';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { findToast } from '../../test/find-toast.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const user = userEvent.setup({ delay: null });
const customer = makeUser();
const security = (enabled = false): AccountSecurity => ({ twoFactor: { enabled, required: false, recoveryCodesLeft: 0 }, sessions: [] });
const copy = (extra: Partial<DataExport> = {}): DataExport => ({
  id: '5d0e8a4c-1f2b-4c3d-9e8f-0a1b2c3d4e5f',
  status: 'ready',
  progress: 0,
  total: 0,
  createdAt: '2026-11-25T08:00:00.000Z',
  readyAt: '2026-11-25T08:00:01.000Z',
  expiresAt: '2026-11-26T08:00:00.000Z',
  size: 20480,
  ...extra,
});

async function openSecurity(replies: Parameters<typeof fakeApi>[0] = {}) {
  storeSignedIn(customer);
  const api = fakeApi({
    [`POST /users/load/${customer.email}`]: ok(customer),
    'GET /billing/reminders': ok({ enabled: true }),
    'GET /account/security': ok(security()),
    'GET /account/events': ok({ total: 0, rows: [] }),
    'GET /account/data-export': ok({ export: null }),
    ...replies,
  });
  const view = renderApp('/security');
  const yourData = await screen.findByRole('region', { name: 'Your data' });
  return { ...view, api, yourData };
}

describe('Account security: your data', () => {
  it('asks for a copy, shows a large one building with its progress, then offers the file', async () => {
    const { api, yourData } = await openSecurity({
      'POST /account/data-export': ok(copy({ status: 'building', progress: 3, total: 11, readyAt: null, size: null })),
    });
    expect(within(yourData).queryByRole('button', { name: 'Download file' })).toBeNull();
    await user.click(within(yourData).getByRole('button', { name: 'Download my data' }));
    expect(await within(yourData).findByText(/Preparing your file: 3 of 11 parts/)).toBeInTheDocument();
    expect(within(yourData).getByRole('button', { name: 'Download my data' })).toBeDisabled();
    expect(api.callsTo('POST /account/data-export')).toHaveLength(1);
  });

  it('shows a ready copy with its size and until when it can be downloaded', async () => {
    const { yourData } = await openSecurity({ 'GET /account/data-export': ok({ export: copy() }) });
    expect(await within(yourData).findByText(/Your file is ready \(20 KB\)/)).toBeInTheDocument();
    expect(within(yourData).getByRole('button', { name: 'Download file' })).toBeInTheDocument();
  });

  it('closes the account only with the password (and the code when two-factor sign-in is on), then signs out', async () => {
    let closes = 0;
    const { api, router } = await openSecurity({
      'GET /account/security': ok(security(true)),
      'POST /account/close': () =>
        ++closes === 1 ? fail(400, 'BAD_REQUEST', 'Your password or the code is not right.') : ok({ ok: true }),
    });
    const section = screen.getByRole('region', { name: 'Close my account' });
    await user.click(within(section).getByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account for good?' });
    expect(dialog).toHaveTextContent('we cancel them at PayHere and PayPal');
    expect(dialog).toHaveTextContent('campaigns are deleted at 9Hits');
    await user.click(within(dialog).getByRole('button', { name: 'Close the account for good' }));
    expect(await within(dialog).findByText('Enter your current password')).toBeInTheDocument();
    expect(api.callsTo('POST /account/close')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Your password'), 'secret-pass');
    await user.type(within(dialog).getByLabelText('Code from the app, or a recovery code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Close the account for good' }));
    expect(await within(dialog).findByText('Your password or the code is not right.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close the account for good' }));
    expect(await findToast('Your account has been closed. We sent a confirmation to your e-mail.')).toBeInTheDocument();
    expect(api.callsTo('POST /account/close').at(-1)?.body).toEqual({ password: 'secret-pass', code: '123456' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
