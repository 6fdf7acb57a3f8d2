import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { STORAGE_KEYS } from '../../lib/session-store.ts';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// No pause between keystrokes: these forms are filled field by field many times over.
const user = userEvent.setup({ delay: null });

/** docs/product.md section 5 "Update details", in its order. */
const UPDATE_MESSAGES = [
  MSG.addressRequired,
  MSG.mobileRequired,
  MSG.mobileInvalid,
  MSG.firstNameRequired,
  MSG.lastNameRequired,
  MSG.cityRequired,
  MSG.countryRequired,
];

const shownMessages = () => UPDATE_MESSAGES.filter((message) => screen.queryByText(message) !== null);
const field = (label: string) => screen.getByLabelText(label);

/** A fresh admin: nothing but an email, a username and a role. */
const admin = makeUser({
  email: 'admin@example.com',
  role: 'ROLE_ADMIN',
  status: 'ACTIVE',
  fullName: '/',
  address: '',
  phoneNumber: '',
  city: '',
  country: '',
});

async function openUpdate(replies: Parameters<typeof fakeApi>[0] = {}) {
  storeSignedIn(admin);
  const api = fakeApi({ [`POST /users/load/${admin.email}`]: ok(admin), ...replies });
  const view = renderApp('/update');
  await screen.findByText(MSG.updateDetailsHeading);
  return { ...view, api };
}

async function submitAndExpectOnly(message: string) {
  await user.click(screen.getByRole('button', { name: 'UPDATE AND LOGOUT' }));
  await waitFor(() => expect(shownMessages()).toEqual([message]));
}

describe('UpdateDetailsPage', () => {
  it('shows one validation message at a time in the documented order, confirms, updates and logs out', async () => {
    const updated = { ...admin, address: '1 Main Street' };
    const { api, router } = await openUpdate({ [`PUT /users/update/${admin.email}`]: ok({ data: updated }) });

    await submitAndExpectOnly(MSG.addressRequired);
    await user.type(field('Address'), '1 Main Street');
    await submitAndExpectOnly(MSG.mobileRequired);
    await user.type(field('Mobile number'), '123');
    await submitAndExpectOnly(MSG.mobileInvalid);
    await user.type(field('Mobile number'), '4567');
    await submitAndExpectOnly(MSG.firstNameRequired);
    await user.type(field('First Name'), 'Ada');
    await submitAndExpectOnly(MSG.lastNameRequired);
    await user.type(field('Last Name'), 'Admin');
    await submitAndExpectOnly(MSG.cityRequired);
    await user.type(field('City'), 'London');
    await submitAndExpectOnly(MSG.countryRequired);

    // Suggested countries come first.
    await user.click(screen.getByRole('combobox', { name: 'Country' }));
    const firstOption = (await screen.findAllByRole('option'))[0];
    expect(firstOption).toHaveAccessibleName('United States (US) +1');
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'united king');
    await user.click(await screen.findByRole('option', { name: 'United Kingdom (GB) +44' }));

    await user.click(screen.getByRole('button', { name: 'UPDATE AND LOGOUT' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.detailsUpdateTitle });
    expect(dialog).toHaveTextContent(MSG.detailsUpdateConfirm);
    expect(shownMessages()).toEqual([]);
    expect(api.callsTo(`PUT /users/update/${admin.email}`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo(`PUT /users/update/${admin.email}`)[0]?.body).toEqual({
      address: '1 Main Street',
      phoneNumber: '1234567',
      fullName: 'Ada/Admin',
      city: 'London',
      country: 'United Kingdom',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const ready = { ...admin, fullName: 'Ada/Admin', phoneNumber: '1234567', city: 'London', country: 'India' };
    storeSignedIn(ready);
    const api = fakeApi({ [`POST /users/load/${admin.email}`]: ok(ready) });
    const { router } = renderApp('/update');
    await user.type(await screen.findByLabelText('Address'), '1 Main Street');
    await user.click(screen.getByRole('button', { name: 'UPDATE AND LOGOUT' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`PUT /users/update/${admin.email}`)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/update');
  });

  it('stays signed in on the form when the update fails', async () => {
    const ready = { ...admin, fullName: 'Ada/Admin', phoneNumber: '1234567', city: 'London', country: 'India' };
    storeSignedIn(ready);
    fakeApi({
      [`POST /users/load/${admin.email}`]: ok(ready),
      [`PUT /users/update/${admin.email}`]: fail(500, 'INTERNAL', 'Internal error'),
    });
    const { router } = renderApp('/update');
    await user.type(await screen.findByLabelText('Address'), '1 Main Street');
    await user.click(screen.getByRole('button', { name: 'UPDATE AND LOGOUT' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/update');
    expect(screen.getByLabelText('Address')).toHaveValue('1 Main Street');
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
  });
});
