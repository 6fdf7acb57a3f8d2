import { generate } from 'otplib';
import type { App } from '../app.ts';
import type { Session } from './accounts.ts';

/** The app's code for `secret` at `at` (the server's test clock), as an authenticator app shows it. */
export function codeAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

/** Turns two-factor sign-in on for a signed-in account; answers its secret and recovery codes. */
export async function enrolTwoFactor(
  app: App,
  session: Session,
  password: string,
  at: () => Date,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await app.inject({ method: 'POST', url: '/api/account/two-factor/setup', headers: session.headers });
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const enabled = await app.inject({
    method: 'POST',
    url: '/api/account/two-factor/enable',
    headers: session.headers,
    payload: { password, code: await codeAt(secret, at()) },
  });
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.statusCode} ${enabled.body}`);
  return { secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}
