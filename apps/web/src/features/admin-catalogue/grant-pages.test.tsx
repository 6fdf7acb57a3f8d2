import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { fail, ok } from '../../test/fake-api.ts';
import { makeUser } from '../../test/fixtures.ts';
import { basic, openAsAdmin, standard, user, watchToasts } from './admin-test-kit.ts';

const toasts = watchToasts();
const activation = { id: 31, expiry_date: '2031-01-01T00:00:00.000Z' };

describe('GrantPackagePage (/adduserpackage)', () => {
  it('preselects pkgBasic and grants it to the email as typed', async () => {
    const { api } = await openAsAdmin('/adduserpackage', { 'POST /users/addPackage': ok(makeUser()) });
    const pkg = await screen.findByRole('combobox', { name: 'Package' });
    await waitFor(() => expect(pkg).toHaveDisplayValue('Basic'));
    expect(pkg).toHaveValue('pkgBasic');
    expect(screen.getByText('1,000 hits/day · 6 slots · $14.99 · normal')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), ' Ann@Example.com');
    await user.click(screen.getByRole('button', { name: 'Add package' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.grantSuccess));
    expect(api.callsTo('POST /users/addPackage')[0]?.body).toEqual({ pkg: 'pkgBasic', email: ' Ann@Example.com' });
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue(''));
  });

  it('grants the chosen package, and shows the failure toast with the reason when refused', async () => {
    const { api } = await openAsAdmin('/adduserpackage', {
      'POST /users/addPackage': fail(404, 'NOT_FOUND', 'No user with email nobody@example.com.'),
    });
    const pkg = await screen.findByRole('combobox', { name: 'Package' });
    const seo = await within(pkg).findByRole('group', { name: 'seo packages' });
    expect(
      within(seo)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Seo Starter']);
    await user.selectOptions(pkg, 'Seo Starter');
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Add package' }));

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MSG.grantFailed));
    expect(api.callsTo('POST /users/addPackage')[0]?.body).toEqual({ pkg: 'pkgSeoStarter', email: 'nobody@example.com' });
    expect(await screen.findByText('No user with email nobody@example.com.')).toBeInTheDocument();
  });

  it("shows the customer's packages and asks before replacing a different running one", async () => {
    const end = new Date(Date.now() + 20 * 86_400_000);
    const ann = makeUser({ email: 'ann@example.com', username: 'ann', package: standard, subscription_expiry_date: end.toISOString() });
    const { api } = await openAsAdmin('/adduserpackage', {
      'POST /users/load/ann@example.com': ok(ann),
      'POST /users/addPackage': ok(makeUser()),
    });
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    const summary = await screen.findByRole('region', { name: 'Current packages' });
    const until = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(end);
    expect(within(summary).getByText(`Normal: Standard, until ${until}`)).toBeInTheDocument();
    expect(within(summary).getByText('SEO: no package')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace Standard with Basic?' });
    expect(dialog).toHaveTextContent(`ann (ann@example.com) has Standard (4,200 hits per day and 25 slots) until ${until}.`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST /users/addPackage')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add package' }));
    await user.click(await screen.findByRole('button', { name: 'Replace with Basic' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.grantSuccess));
    expect(api.callsTo('POST /users/addPackage')[0]?.body).toEqual({ pkg: 'pkgBasic', email: 'ann@example.com' });
  });

  it('grants the package a customer already runs without asking (it extends it)', async () => {
    const ann = makeUser({
      email: 'ann@example.com',
      package: basic,
      subscription_expiry_date: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { api } = await openAsAdmin('/adduserpackage', {
      'POST /users/load/ann@example.com': ok(ann),
      'POST /users/addPackage': ok(ann),
    });
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Add package' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.grantSuccess));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST /users/addPackage')).toHaveLength(1);
  });

  it("blocks an empty email with 'Please fill all fields'", async () => {
    const { api } = await openAsAdmin('/adduserpackage');
    await user.click(await screen.findByRole('button', { name: 'Add package' }));
    expect(toasts.error).toHaveBeenCalledWith(MSG.fillAllFields);
    expect(api.callsTo('POST /users/addPackage')).toHaveLength(0);
  });
});

describe('GrantAddonPage (/adduserextension)', () => {
  it('preselects 1000Hits and grants it through the hits endpoint with the admin token', async () => {
    const { api } = await openAsAdmin('/adduserextension', { 'POST /activated-additional-hits/email': ok(activation) });
    const addon = await screen.findByRole('combobox', { name: 'Add-on' });
    await waitFor(() => expect(addon).toHaveDisplayValue('1000 Hits (normal)'));
    expect(addon).toHaveValue('1000Hits');

    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Add Slots' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.grantSuccess));
    const [call] = api.callsTo('POST /activated-additional-hits/email');
    expect(call?.body).toEqual({ additional_id: '1000Hits', email: 'ann@example.com', token: 'admin-token' });
    expect(call?.authorization).toBe('Bearer admin-token');
    expect(api.callsTo('POST /activated-additional-slots/email')).toHaveLength(0);
  });

  it('lists every extra-hit and extra-slot package and sends a slot add-on to the slots endpoint', async () => {
    const { api } = await openAsAdmin('/adduserextension', {
      'POST /activated-additional-slots/email': fail(500, 'INTERNAL', 'Internal error'),
    });
    const addon = await screen.findByRole('combobox', { name: 'Add-on' });
    const groups = await within(addon).findAllByRole('group');
    expect(
      groups.map((group) => [
        group.getAttribute('label'),
        within(group)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ]),
    ).toEqual([
      ['Extra hits', ['1000 Hits (normal)', '5000 Hits (normal)']],
      ['Extra slots', ['5 Slots (normal)', '10 Slots (seo)']],
    ]);
    await user.selectOptions(addon, '10 Slots (seo)');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Add Slots' }));

    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(MSG.grantFailed));
    expect(api.callsTo('POST /activated-additional-slots/email')[0]?.body).toMatchObject({
      additional_id: '10Slots',
      email: 'ann@example.com',
    });
    expect(api.callsTo('POST /activated-additional-hits/email')).toHaveLength(0);
  });

  it("blocks an empty email with 'Please fill all fields'", async () => {
    const { api } = await openAsAdmin('/adduserextension');
    await user.click(await screen.findByRole('button', { name: 'Add Slots' }));
    expect(toasts.error).toHaveBeenCalledWith(MSG.fillAllFields);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.method === 'POST' && call.path.includes('activated'))).toHaveLength(0);
  });
});
