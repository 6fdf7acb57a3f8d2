import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTION_LABELS } from '@traffic/shared/audit-actions';
import type { AccountEvents, AccountSecurity } from '@traffic/shared/schemas/security.schema';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { findToast } from '../../test/find-toast.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const user = userEvent.setup({ delay: null });

/** A customer with their details on file: Account security is open to every signed-in account. */
const customer = makeUser();

const THIS_DEVICE = '0b6f1c1e-9a53-4c55-8a0e-0d1a4f5e6a01';
const PHONE = '0b6f1c1e-9a53-4c55-8a0e-0d1a4f5e6a02';
const LAPTOP = '0b6f1c1e-9a53-4c55-8a0e-0d1a4f5e6a03';

const sessions: AccountSecurity['sessions'] = [
  {
    id: PHONE,
    device: 'Safari on iOS',
    ip: '198.51.100.7',
    createdAt: '2026-11-20T08:00:00.000Z',
    lastSeenAt: '2026-11-24T18:30:00.000Z',
    current: false,
  },
  {
    id: THIS_DEVICE,
    device: 'Chrome on Linux',
    ip: '203.0.113.5',
    createdAt: '2026-11-25T07:00:00.000Z',
    lastSeenAt: '2026-11-25T09:00:00.000Z',
    current: true,
  },
  {
    id: LAPTOP,
    device: 'Firefox on Windows',
    ip: '192.0.2.9',
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSeenAt: '2026-11-02T10:00:00.000Z',
    current: false,
  },
];

const security = (twoFactor: Partial<AccountSecurity['twoFactor']> = {}, open = sessions): AccountSecurity => ({
  twoFactor: { enabled: false, required: false, recoveryCodesLeft: 0, ...twoFactor },
  sessions: open,
});

const event = (id: number, action: AccountEvents['rows'][number]['action'], extra: Partial<AccountEvents['rows'][number]> = {}) => ({
  id,
  at: '2026-11-25T08:00:00.000Z',
  actorEmail: customer.email,
  action,
  targetType: 'user',
  targetId: String(customer.id),
  targetLabel: customer.email,
  ip: '203.0.113.5',
  device: 'Chrome on Linux',
  ...extra,
});
const noEvents: AccountEvents = { total: 0, rows: [] };

const RECOVERY_CODES = [...'abcdefghij'].map((letter) => `${letter.repeat(5)}-xyz2${letter}`);

async function openUpdate(replies: Parameters<typeof fakeApi>[0] = {}, path = '/security') {
  storeSignedIn(customer);
  const api = fakeApi({
    [`POST /users/load/${customer.email}`]: ok(customer),
    'GET /billing/reminders': ok({ enabled: true }),
    'GET /account/security': ok(security()),
    'GET /account/events': ok(noEvents),
    'GET /account/tokens': ok({ tokens: [], limit: 10 }),
    ...replies,
  });
  const view = renderApp(path);
  const section = (name: string) => screen.getByRole('region', { name });
  await screen.findByRole('heading', { name: 'Two-factor sign-in' });
  return { ...view, api, section };
}

describe('Account security (/security)', () => {
  it('is the main landmark of the page', async () => {
    await openUpdate();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Account security' }));
  });

  it('turns two-factor sign-in on: QR code, manual key, password and code, then the recovery codes once', async () => {
    const setup = {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthUrl: 'otpauth://totp/Traffic:ann%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      qrCode: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    };
    const { api, section } = await openUpdate({
      'POST /account/two-factor/setup': ok(setup),
      'POST /account/two-factor/enable': fail(400, 'BAD_REQUEST', 'Your password or the code is not right.'),
    });
    const twoFactor = section('Two-factor sign-in');
    await user.click(await within(twoFactor).findByRole('button', { name: 'Turn on two-factor sign-in' }));
    // Off, the description says what turning it on does.
    expect(twoFactor).toHaveTextContent(
      'Turning it on makes signing in ask for a code from an authenticator app on your phone as well as your password.',
    );

    const qr = await within(twoFactor).findByRole('img', { name: /QR code/ });
    expect(qr).toHaveAttribute('src', setup.qrCode);
    // Focus starts at step 1 (above the QR code), not at the password field below it.
    expect(within(twoFactor).getByText(/^1\. Scan this QR code/)).toHaveFocus();
    expect(within(twoFactor).getByTestId('totp-secret')).toHaveTextContent(setup.secret);
    await user.click(within(twoFactor).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(setup.secret);

    // The code is checked before the server sees it.
    await user.type(within(twoFactor).getByLabelText('Password'), 'secret-pass');
    await user.type(within(twoFactor).getByLabelText('Code from the app'), '12');
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm' }));
    expect(await within(twoFactor).findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(api.callsTo('POST /account/two-factor/enable')).toHaveLength(0);

    // A wrong code (or password) is told above the buttons.
    await user.type(within(twoFactor).getByLabelText('Code from the app'), '3456');
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm' }));
    expect(await within(twoFactor).findByRole('alert')).toHaveTextContent('Your password or the code is not right.');

    api.reply('POST /account/two-factor/enable', ok({ recoveryCodes: RECOVERY_CODES }));
    api.reply('GET /account/security', ok(security({ enabled: true, recoveryCodesLeft: 10 })));
    await user.click(within(twoFactor).getByRole('button', { name: 'Confirm' }));

    const codes = await within(twoFactor).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(api.callsTo('POST /account/two-factor/enable').at(-1)?.body).toEqual({ password: 'secret-pass', code: '123456' });
    await findToast('Two-factor sign-in is on.');

    await user.click(within(twoFactor).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(RECOVERY_CODES.join('\n'));

    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => ((saved = blob), 'blob:codes'));
    await user.click(within(twoFactor).getByRole('button', { name: 'Download .txt' }));
    const text = await saved!.text();
    expect(text).toContain(RECOVERY_CODES[0]);
    expect(text).toContain(RECOVERY_CODES[9]);

    // Shown once: gone after "saved", and the section tells the new state.
    await user.click(within(twoFactor).getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(within(twoFactor).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await within(twoFactor).findByText('Recovery codes left: 10')).toBeInTheDocument();
    // Focus goes to the status line, not to the page; the description does not repeat it.
    expect(within(twoFactor).getByText(/^Two-factor sign-in is/)).toHaveFocus();
    expect(twoFactor).toHaveTextContent('Two-factor sign-in is on: signing in asks for a code from your app or a recovery code.');
    expect(twoFactor).not.toHaveTextContent('as well as your password');
  });

  it('turns two-factor sign-in off with the password and a code', async () => {
    const { api, section } = await openUpdate({
      'GET /account/security': ok(security({ enabled: true, recoveryCodesLeft: 8 })),
      'POST /account/two-factor/disable': ok(),
    });
    const twoFactor = section('Two-factor sign-in');
    expect(await within(twoFactor).findByText('Recovery codes left: 8')).toBeInTheDocument();

    await user.click(within(twoFactor).getByRole('button', { name: 'Turn off' }));
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await within(twoFactor).findByText('Enter your current password')).toBeInTheDocument();

    await user.type(within(twoFactor).getByLabelText('Password'), 'secret-pass');
    await user.type(within(twoFactor).getByLabelText('Code from the app'), '654321');
    api.reply('GET /account/security', ok(security()));
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn off two-factor sign-in' }));

    expect(await within(twoFactor).findByRole('button', { name: 'Turn on two-factor sign-in' })).toBeInTheDocument();
    expect(within(twoFactor).getByText(/^Two-factor sign-in is/)).toHaveTextContent('Two-factor sign-in is off.');
    expect(within(twoFactor).getByText(/^Two-factor sign-in is/)).toHaveFocus();
    expect(api.callsTo('POST /account/two-factor/disable')[0]?.body).toEqual({ password: 'secret-pass', code: '654321' });
    await findToast('Two-factor sign-in is off.');
  });

  it('makes new recovery codes with a code from the app', async () => {
    const { api, section } = await openUpdate({
      'GET /account/security': ok(security({ enabled: true, recoveryCodesLeft: 2 })),
      'POST /account/two-factor/recovery-codes': ok({ recoveryCodes: RECOVERY_CODES }),
    });
    const twoFactor = section('Two-factor sign-in');
    expect(await within(twoFactor).findByText(/Recovery codes left: 2/)).toHaveTextContent('running low');
    await user.click(within(twoFactor).getByRole('button', { name: 'New recovery codes' }));
    await user.type(within(twoFactor).getByLabelText('Code from the app'), '111222');
    await user.click(within(twoFactor).getByRole('button', { name: 'Make new codes' }));

    expect(await within(twoFactor).findByRole('list', { name: 'Recovery codes' })).toHaveTextContent(RECOVERY_CODES[3]!);
    expect(api.callsTo('POST /account/two-factor/recovery-codes')[0]?.body).toEqual({ code: '111222' });
  });

  it('changes the password: the rules first, the current one checked by the server', async () => {
    const { api, section } = await openUpdate({
      'POST /account/password': {
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: 'Your current password is not right.',
          fieldErrors: { currentPassword: 'Your current password is not right.' },
        },
      },
    });
    const change = section('Change password');
    const submit = () => user.click(within(change).getByRole('button', { name: 'Change password' }));

    await submit();
    expect(await within(change).findByText('Enter your current password')).toBeInTheDocument();
    await user.type(within(change).getByLabelText('Current password'), 'old-password');
    await user.type(within(change).getByLabelText('New password'), 'short');
    await submit();
    expect(await within(change).findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(within(change).getByLabelText('New password'), '-and-long');
    await user.type(within(change).getByLabelText('Confirm new password'), 'short-and-wrong');
    await submit();
    expect(await within(change).findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('POST /account/password')).toHaveLength(0);

    await user.clear(within(change).getByLabelText('Confirm new password'));
    await user.type(within(change).getByLabelText('Confirm new password'), 'short-and-long');
    await submit();
    expect(await within(change).findByText('Your current password is not right.')).toBeInTheDocument();
    expect(within(change).getByLabelText('Current password')).toHaveFocus();

    api.reply('POST /account/password', ok());
    await submit();
    await findToast('Your password was changed. Your other sessions were signed out.');
    expect(api.callsTo('POST /account/password').at(-1)?.body).toEqual({ currentPassword: 'old-password', password: 'short-and-long' });
    expect(within(change).getByLabelText('Current password')).toHaveValue('');
  });

  it('lists the sessions, this device first, and signs out one or every other', async () => {
    const { api, section } = await openUpdate({
      [`DELETE /account/sessions/${PHONE}`]: ok(),
      'POST /account/sessions/sign-out-others': ok({ ended: 1 }),
    });
    const list = await within(section('Sessions')).findByRole('list', { name: 'Your sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/on (Linux|iOS|Windows)$/)[0]?.textContent)).toEqual([
      'Chrome on Linux',
      'Safari on iOS',
      'Firefox on Windows',
    ]);
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(items[0]!).getByText('IP 203.0.113.5')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent(/Signed in .+ · Last seen .+/);
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).queryByText('This device')).toBeNull();

    api.reply(
      'GET /account/security',
      ok(
        security(
          {},
          sessions.filter((row) => row.id !== PHONE),
        ),
      ),
    );
    await user.click(within(items[1]!).getByRole('button', { name: 'Sign out Safari on iOS (IP 198.51.100.7)' }));
    await waitFor(() => expect(within(list).queryByText('Safari on iOS')).toBeNull());
    expect(api.callsTo(`DELETE /account/sessions/${PHONE}`)).toHaveLength(1);

    api.reply(
      'GET /account/security',
      ok(
        security(
          {},
          sessions.filter((row) => row.current),
        ),
      ),
    );
    await user.click(within(section('Sessions')).getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere else?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));

    await findToast('Signed out everywhere else (1 session).');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /account/sessions/sign-out-others')).toHaveLength(1);
    expect(await within(section('Sessions')).findByText('You are signed in on this device only.')).toBeInTheDocument();
    expect(within(section('Sessions')).getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it('shows a load error with Retry, then the sessions', async () => {
    const { api, section } = await openUpdate({ 'GET /account/security': fail(500, 'INTERNAL', 'Internal error') });
    const sessionsSection = section('Sessions');
    expect(await within(sessionsSection).findByText('Your sessions could not be loaded.')).toBeInTheDocument();
    expect(within(section('Two-factor sign-in')).getByText('Your two-factor sign-in settings could not be loaded.')).toBeInTheDocument();

    api.reply('GET /account/security', ok(security()));
    await user.click(within(sessionsSection).getByRole('button', { name: 'Retry' }));
    expect(await within(sessionsSection).findByText('Chrome on Linux')).toBeInTheDocument();
    expect(await within(section('Two-factor sign-in')).findByRole('button', { name: 'Turn on two-factor sign-in' })).toBeInTheDocument();
  });

  it("lists the account's security events with their labels, paged by the server", async () => {
    const first: AccountEvents = {
      total: 21,
      rows: [
        event(30, 'sign_in'),
        event(29, 'two_factor_on'),
        // An administrator's action: the server names neither who nor from where.
        event(28, 'user_sessions_ended', { actorEmail: null, ip: null, device: null }),
        ...Array.from({ length: 17 }, (_, index) => event(27 - index, 'sign_in_failed')),
      ],
    };
    const { api, section } = await openUpdate({
      'GET /account/events': (call) => ok(call.query.page === '1' ? { total: 21, rows: [event(1, 'password_changed')] } : first),
    });
    const activity = section('Security activity');
    const list = await within(activity).findByRole('list', { name: 'Security activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(20);
    expect(items[0]).toHaveTextContent(AUDIT_ACTION_LABELS.sign_in);
    expect(items[0]).toHaveTextContent('Chrome on Linux · IP 203.0.113.5');
    expect(items[1]).toHaveTextContent('Two-factor sign-in turned on');
    expect(items[2]).toHaveTextContent('Signed out everywhere by an administrator');
    expect(items[2]).not.toHaveTextContent('IP');

    await user.click(within(activity).getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(within(activity).getAllByRole('listitem')).toHaveLength(1));
    expect(within(activity).getByRole('listitem')).toHaveTextContent('Password changed');
    expect(api.callsTo('GET /account/events').map((call) => call.query.page)).toEqual(['0', '1']);
  });

  it('says when there is no security activity yet', async () => {
    const { section } = await openUpdate();
    expect(await within(section('Security activity')).findByText('No security activity yet')).toBeInTheDocument();
  });

  it('creates an access token (the code asked under two-factor), shows it once with Copy, and revokes one after a confirmation', async () => {
    const TOKEN = `trf_pat_${'A'.repeat(43)}`;
    const row = {
      id: '0b6f1c1e-9a53-4c55-8a0e-0d1a4f5e6a09',
      name: 'Agency script',
      scope: 'write' as const,
      hint: 'AAAA',
      createdAt: '2026-11-25T08:00:00.000Z',
      expiresAt: '2026-12-25T08:00:00.000Z',
      lastUsedAt: '2026-11-25T09:00:00.000Z',
      lastUsedIp: '203.0.113.5',
      expired: false,
    };
    const { api, section } = await openUpdate({
      'GET /account/security': ok(security({ enabled: true, recoveryCodesLeft: 10 })),
      'POST /account/tokens': ok({ token: TOKEN, accessToken: row }),
      [`DELETE /account/tokens/${row.id}`]: ok({ ok: true }),
    });
    const tokens = section('Access tokens');
    expect(await within(tokens).findByText('You have no access tokens.')).toBeInTheDocument();
    const form = within(tokens).getByRole('form', { name: 'Create an access token' });

    // The name, the password and the code are checked before the server sees them.
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Enter a name for the token')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Token name'), 'Agency script');
    await user.click(within(form).getByRole('radio', { name: /^Read and write/ }));
    await user.selectOptions(within(form).getByLabelText('Expiry'), '30');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Enter your current password')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Your password'), 'my-password-1');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(api.callsTo('POST /account/tokens')).toHaveLength(0);

    api.reply('GET /account/tokens', ok({ tokens: [row], limit: 10 }));
    await user.type(within(form).getByLabelText('Code from your authenticator app'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(tokens).findByLabelText('New access token')).toHaveValue(TOKEN);
    expect(api.callsTo('POST /account/tokens').at(-1)?.body).toEqual({
      name: 'Agency script',
      scope: 'write',
      expiresInDays: 30,
      password: 'my-password-1',
      code: '123456',
    });
    await user.click(within(tokens).getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe(TOKEN);
    await user.click(within(tokens).getByRole('button', { name: 'Done' }));
    expect(within(tokens).queryByLabelText('New access token')).not.toBeInTheDocument();

    const item = within(await within(tokens).findByRole('list', { name: 'Your access tokens' })).getByRole('listitem');
    expect(item).toHaveTextContent('Read and write');
    expect(item).toHaveTextContent('from IP 203.0.113.5');
    await user.click(within(item).getByRole('button', { name: 'Revoke Agency script' }));
    api.reply('GET /account/tokens', ok({ tokens: [], limit: 10 }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke this access token?' })).getByRole('button', { name: 'Revoke' }),
    );
    await findToast('The token "Agency script" was revoked: it stopped working.');
    expect(api.callsTo(`DELETE /account/tokens/${row.id}`)).toHaveLength(1);
  });
});
