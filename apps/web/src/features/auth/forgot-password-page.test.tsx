import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { fail, fakeApi, ok } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const EMAIL = 'ann@example.com';

async function openWizard() {
  renderApp('/forgotPassword');
  await screen.findByRole('heading', { name: 'Forgot password' });
}

const button = (name: string) => screen.getByRole('button', { name });

describe('ForgotPasswordPage', () => {
  it('moves through email, OTP and new password only when each call succeeds', async () => {
    const api = fakeApi({
      // The server answers an unregistered address like a registered one: a failure here is a send that failed.
      [`PUT /users/otp/${EMAIL}`]: fail(400, 'VALIDATION', MSG.otpSendFailed),
      'POST /users/otp': fail(400, 'VALIDATION', MSG.otpVerifyFailed),
      'POST /users/password': fail(400, 'BAD_REQUEST', 'No verified code'),
    });
    await openWizard();

    // Step 0: empty email is refused locally; a failed send stays on the step with the product's toast.
    await userEvent.click(button('Send Code'));
    expect(screen.getByText(MSG.emailRequired)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Email'), EMAIL);
    await userEvent.click(button('Send Code'));
    expect(await screen.findByText(MSG.otpSendFailed)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();

    api.reply(`PUT /users/otp/${EMAIL}`, ok());
    await userEvent.click(button('Send Code'));

    // Step 1.
    const otp = await screen.findByLabelText('OTP');
    await userEvent.click(button('Verify'));
    expect(screen.getByText(MSG.invalidOtp)).toBeInTheDocument();
    await userEvent.type(otp, '000000');
    await userEvent.click(button('Verify'));
    expect(await screen.findByText(MSG.otpVerifyFailed)).toBeInTheDocument();
    expect(screen.getByLabelText('OTP')).toBeInTheDocument();

    api.reply('POST /users/otp', ok({ ok: true, resetToken: 'token-from-the-server' }));
    await userEvent.clear(otp);
    await userEvent.type(otp, '123456');
    await userEvent.click(button('Verify'));
    expect(api.callsTo('POST /users/otp').at(-1)?.body).toEqual({ email: EMAIL, otp: '123456' });

    // Step 2: the confirmation must match; a failed reset leaves no message and stays on the step.
    const password = await screen.findByLabelText('New Password');
    await userEvent.click(button('Reset Password'));
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeInTheDocument();
    await userEvent.type(password, 'new-password-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password-2');
    await userEvent.click(button('Reset Password'));
    expect(screen.getByText(MSG.passwordsDoNotMatch)).toBeInTheDocument();
    expect(api.callsTo('POST /users/password')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await userEvent.click(button('Reset Password'));
    await waitFor(() => expect(api.callsTo('POST /users/password')).toHaveLength(1));
    await waitFor(() => expect(button('Reset Password')).toBeEnabled());
    expect(screen.queryByText('No verified code')).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.passwordsDoNotMatch)).not.toBeInTheDocument();

    api.reply('POST /users/password', ok());
    await userEvent.click(button('Reset Password'));

    // Step 3: done, with the way back to the login.
    expect(await screen.findByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    // The new password travels with the single-use token the verified code answered.
    expect(api.callsTo('POST /users/password').at(-1)?.body).toEqual({
      email: EMAIL,
      password: 'new-password-1',
      resetToken: 'token-from-the-server',
    });
  });

  it('disables the button while the code is being sent', async () => {
    let answer: (value: ReturnType<typeof ok>) => void = () => {};
    fakeApi({ [`PUT /users/otp/${EMAIL}`]: () => new Promise((resolve) => (answer = resolve)) });
    await openWizard();
    await userEvent.type(screen.getByLabelText('Email'), EMAIL);
    await userEvent.click(button('Send Code'));
    await waitFor(() => expect(button('Send Code')).toBeDisabled());
    answer(ok());
    expect(await screen.findByLabelText('OTP')).toBeInTheDocument();
  });
});
