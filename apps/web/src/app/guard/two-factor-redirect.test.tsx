import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const MESSAGE = 'Turn on two-factor sign-in to use the admin screens.';
const refused = fail(403, 'TWO_FACTOR_REQUIRED', 'Turn on two-factor sign-in on Account security before using the admin screens.');
const mustEnrol = {
  twoFactor: { enabled: false, required: true, recoveryCodesLeft: 0 },
  sessions: [],
};

function signInAdmin(address: string) {
  const admin = makeUser({ email: 'admin@example.com', role: 'ROLE_ADMIN', status: 'ACTIVE', address });
  storeSignedIn(admin);
  return fakeApi({
    [`POST /users/load/${admin.email}`]: ok(admin),
    // The dashboard's first admin call; its others answer no better.
    'GET /admin/users': refused,
    'GET /account/security': ok(mustEnrol),
    'GET /account/events': ok({ total: 0, rows: [] }),
  });
}

describe('TWO_FACTOR_REQUIRED', () => {
  it('sends the admin from an admin screen to Account security, whose two-factor section says why and takes focus', async () => {
    signInAdmin('HQ');
    const { router } = renderApp('/home');

    await waitFor(() => expect(router.state.location.pathname).toBe('/security'));
    expect(router.state.location.search).toBe('?twoFactor=required');
    // The refused screen is replaced: Back does not lead into the same refusal.
    expect(router.state.historyAction).toBe('REPLACE');

    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(within(section).getByText(MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('heading', { name: 'Two-factor sign-in' })).toHaveFocus());
    expect(await within(section).findByRole('button', { name: 'Turn on two-factor sign-in' })).toBeInTheDocument();
    expect(within(section).getByText(/Your account needs it to use the admin screens/)).toBeInTheDocument();
  });

  it('sends an admin without saved details there too (Account security is open to every account)', async () => {
    signInAdmin('');
    const { router } = renderApp('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/security'));
    expect(await screen.findByRole('heading', { name: 'Account security' })).toBeInTheDocument();
  });
});
