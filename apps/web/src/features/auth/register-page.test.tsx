import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { STORAGE_KEYS } from '../../lib/session-store.ts';
import { fail, fakeApi } from '../../test/fake-api.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// No pause between keystrokes: these forms are filled field by field many times over.
const user = userEvent.setup({ delay: null });

/** docs/product.md section 5 "Register", in its order. */
const REGISTER_MESSAGES = [
  MSG.emailRequired,
  MSG.invalidEmail,
  MSG.usernameRequired,
  MSG.passwordRequired,
  MSG.addressRequired,
  MSG.mobileRequired,
  MSG.mobileInvalid,
  MSG.firstNameRequired,
  MSG.lastNameRequired,
  MSG.cityRequired,
  MSG.countryRequired,
  MSG.termsRequired,
];

const shownMessages = () => REGISTER_MESSAGES.filter((message) => screen.queryByText(message) !== null);

async function openRegister() {
  const view = renderApp('/register');
  await screen.findByRole('heading', { name: 'Register' });
  return view;
}

async function submitAndExpectOnly(message: string) {
  await user.click(screen.getByRole('button', { name: 'Register' }));
  await waitFor(() => expect(shownMessages()).toEqual([message]));
}

const field = (label: string) => screen.getByLabelText(label);

describe('RegisterPage', () => {
  it('shows one validation message at a time, in the documented order, then registers', async () => {
    const api = fakeApi({ 'POST /users': { status: 201, body: { token: 'new-token', data: makeUser() } } });
    const { router } = await openRegister();

    await submitAndExpectOnly(MSG.emailRequired);
    await user.type(field('Email'), 'ann');
    await submitAndExpectOnly(MSG.invalidEmail);
    await user.type(field('Email'), '@example.com');
    await submitAndExpectOnly(MSG.usernameRequired);
    await user.type(field('Username'), 'ann');
    await submitAndExpectOnly(MSG.passwordRequired);
    await user.type(field('Password'), 'secret-pass');
    await submitAndExpectOnly(MSG.addressRequired);
    await user.type(field('Address'), '1 Main Street');
    await submitAndExpectOnly(MSG.mobileRequired);
    await user.type(field('Mobile number'), '12345');
    await submitAndExpectOnly(MSG.mobileInvalid);
    await user.type(field('Mobile number'), '67890123456');
    await submitAndExpectOnly(MSG.mobileInvalid);
    await user.clear(field('Mobile number'));
    await user.type(field('Mobile number'), '5551234567');
    await submitAndExpectOnly(MSG.firstNameRequired);
    await user.type(field('First Name'), '   ');
    await submitAndExpectOnly(MSG.firstNameRequired);
    await user.type(field('First Name'), 'Ann');
    await submitAndExpectOnly(MSG.lastNameRequired);
    await user.type(field('Last Name'), 'Lee');
    await submitAndExpectOnly(MSG.cityRequired);
    await user.type(field('City'), 'Springfield');
    await submitAndExpectOnly(MSG.countryRequired);
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'united sta');
    await user.click(await screen.findByRole('option', { name: /United States \(US\) \+1/ }));
    await submitAndExpectOnly(MSG.termsRequired);
    expect(api.callsTo('POST /users')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(shownMessages()).toEqual([]);
    expect(api.callsTo('POST /users')[0]?.body).toEqual({
      email: 'ann@example.com',
      username: 'ann',
      password: 'secret-pass',
      address: '1 Main Street',
      phoneNumber: '5551234567',
      fullName: 'Ann/Lee',
      city: 'Springfield',
      country: 'United States',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
  }, 60_000); // Twenty-odd typed fields and submits: a busy machine takes longer than the default 20 s.

  it('strips every character but letters, digits, underscore and whitespace from the username as it is typed', async () => {
    await openRegister();
    await user.type(field('Username'), 'jo.hn-d@e_1 2!');
    expect(field('Username')).toHaveValue('johnde_1 2');
  });

  it('treats a username made only of stripped characters as missing', async () => {
    await openRegister();
    await user.type(field('Email'), 'ann@example.com');
    await user.type(field('Username'), '@#$%');
    await submitAndExpectOnly(MSG.usernameRequired);
  });

  it('lists the whole country list with ISO and dial codes', async () => {
    await openRegister();
    await user.type(screen.getByRole('combobox', { name: 'Country' }), '+49');
    expect(await screen.findByRole('option', { name: 'Germany (DE) +49' })).toBeInTheDocument();
    await user.clear(screen.getByRole('combobox', { name: 'Country' }));
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'zimb');
    expect(await screen.findByRole('option', { name: 'Zimbabwe (ZW) +263' })).toBeInTheDocument();
  });

  it('shows the server message when registration fails and keeps no session', async () => {
    fakeApi({ 'POST /users': fail(409, 'CONFLICT', MSG.emailTaken) });
    const { router } = await openRegister();
    await user.type(field('Email'), 'ann@example.com');
    await user.type(field('Username'), 'ann');
    await user.type(field('Password'), 'secret-pass');
    await user.type(field('Address'), '1 Main Street');
    await user.type(field('Mobile number'), '5551234567');
    await user.type(field('First Name'), 'Ann');
    await user.type(field('Last Name'), 'Lee');
    await user.type(field('City'), 'Springfield');
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'India');
    await user.click(await screen.findByRole('option', { name: /^India/ }));
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.emailTaken);
    expect(router.state.location.pathname).toBe('/register');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
