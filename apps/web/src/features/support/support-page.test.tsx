import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { fakeApi, fail, ok, type FakeResponse } from '../../test/fake-api.ts';
import { findToast } from '../../test/find-toast.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const customer = makeUser({ status: 'ACTIVE' });
const user = userEvent.setup({ delay: null });
/** The lazy screen's first appearance can outlast the default 1 s on a busy machine. */
const FIRST_LOAD = { timeout: 5000 };

afterEach(() => {
  act(() => toast.dismiss());
});
beforeAll(async () => {
  await import('./support-page.tsx');
});

function openSupport(reply: FakeResponse | (() => Promise<FakeResponse>) = ok()) {
  storeSignedIn(customer);
  const api = fakeApi({ [`POST /users/load/${customer.email}`]: ok(customer), 'POST /support': reply });
  renderApp('/support');
  return api;
}

const send = () => user.click(screen.getByRole('button', { name: 'Send Message' }));

describe('SupportPage (/support)', () => {
  it('shows the username as text (not an input) and the email prefilled', async () => {
    openSupport();
    const username = await screen.findByText('Username', {}, FIRST_LOAD);
    expect(username.tagName).toBe('DT');
    expect(username.nextSibling).toHaveTextContent(/^ann$/);
    expect(screen.queryByRole('textbox', { name: 'Username' })).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
  });

  it("refuses an empty message with 'Please fill all fields'", async () => {
    const api = openSupport();
    await screen.findByLabelText('Message', {}, FIRST_LOAD);
    await send();
    await findToast(MSG.fillAllFields);
    expect(api.callsTo('POST /support')).toHaveLength(0);
  });

  it("marks a malformed email 'Invalid Email' and refuses to send", async () => {
    const api = openSupport();
    const email = await screen.findByLabelText('Email', {}, FIRST_LOAD);
    await user.clear(email);
    await user.type(email, 'ann@example');
    expect(screen.getByText(MSG.invalidEmail)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Help me');
    await send();
    await findToast(MSG.fillAllFields);
    expect(api.callsTo('POST /support')).toHaveLength(0);
  });

  it('shows the wait dialog while sending, then toasts success and clears the message', async () => {
    let answer: (response: FakeResponse) => void = () => {};
    const api = openSupport(() => new Promise<FakeResponse>((resolve) => (answer = resolve)));
    const email = await screen.findByLabelText('Email', {}, FIRST_LOAD);
    await user.clear(email);
    await user.type(email, 'billing@example.com');
    await user.type(screen.getByLabelText('Message'), 'Where is my invoice?');
    await send();

    expect(await screen.findByRole('dialog', { name: MSG.supportWait })).toBeInTheDocument();
    answer(ok());
    await findToast(MSG.supportSent);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /support')[0]?.body).toEqual({ email: 'billing@example.com', username: 'ann', msg: 'Where is my invoice?' });
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('billing@example.com');
  });

  it('toasts the failure and keeps the message', async () => {
    openSupport(fail(500, 'INTERNAL', 'boom'));
    await user.type(await screen.findByLabelText('Message', {}, FIRST_LOAD), 'Help me');
    await send();
    await findToast(MSG.supportFailed);
    expect(screen.getByLabelText('Message')).toHaveValue('Help me');
  });
});
