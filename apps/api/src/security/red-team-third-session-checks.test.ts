import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { registerCustomer, type Session } from '../test-support/accounts.ts';
import { codeAt, enrolTwoFactor } from '../test-support/two-factor.ts';
import { useTestApp } from '../test-support/use-test-app.ts';

/**
 * Red team, third pass: the checks behind a session.
 * - A stolen session (no password) must not lock the owner out of the two-factor step: before the
 *   fix, ten wrong codes to POST /api/account/two-factor/recovery-codes counted toward the
 *   account-wide cap, and the owner's right code at sign-in got 429 for 15 minutes.
 * - Change password must not be a guessing oracle: before the fix, wrong current passwords were
 *   limited only per address and left no trace.
 */
const { auditEvents } = schema;
const STEP_MS = 30_000;

let nextAddress = 1;
const freshAddress = () => {
  nextAddress += 1;
  return `10.93.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
};

/** Six digits that are none of the codes accepted around `at`. */
async function wrongCode(secret: string, at: Date): Promise<string> {
  const valid = new Set(await Promise.all([-1, 0, 1].map((d) => codeAt(secret, new Date(at.getTime() + d * STEP_MS)))));
  for (let n = 123_456; ; n++) if (!valid.has(String(n))) return String(n);
}

describe('red team (third pass): wrong answers behind a session count against that session', () => {
  let owner: Session & { password: string };
  const t = useTestApp();
  beforeEach(async () => {
    owner = await registerCustomer(t.app);
  });

  const failedChecks = async () =>
    (
      await t.app.ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'security_check_failed'), eq(auditEvents.subjectUserId, owner.user.id)))
    ).length;

  it('ten wrong codes through a stolen session do not lock the owner out of signing in', async () => {
    const { secret } = await enrolTwoFactor(t.app, owner, owner.password, t.clock.now);
    const stolen = owner.headers;
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/two-factor/recovery-codes',
        headers: stolen,
        remoteAddress: freshAddress(),
        payload: { code: await wrongCode(secret, t.clock.now()) },
      });
      answers.push(res.statusCode);
    }
    // The first four are wrong answers; the fifth ends the stolen session; the rest find it ended.
    expect(answers).toEqual([400, 400, 400, 400, 401, 401, 401, 401, 401, 401]);

    // The owner signs in as usual: password, then the right code.
    t.clock.advance(STEP_MS * 2);
    const address = freshAddress();
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress: address,
      payload: { username: owner.user.email, password: owner.password },
    });
    expect(step.statusCode, step.body).toBe(200);
    const code = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/two-factor',
      remoteAddress: address,
      payload: { challenge: (step.json() as { challenge: string }).challenge, code: await codeAt(secret, t.clock.now()) },
    });
    expect(code.statusCode, code.body).toBe(200);
    expect(code.json()).toHaveProperty('token');
  });

  it('wrong current passwords to change password are recorded and end the session after five', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: owner.headers,
        remoteAddress: freshAddress(),
        payload: { currentPassword: `guess-number-${i}`, password: 'a-new-password-1' },
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([400, 400, 400, 400, 401, 401, 401, 401]);
    expect(await failedChecks()).toBeGreaterThanOrEqual(1);
    // The guesses left a trace the owner sees, and the session that made them is over.
    const rows = await t.app.ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, owner.user.id));
    expect(rows.map((r) => r.action)).toContain('security_check_failed');
    expect(rows.find((r) => r.action === 'session_ended')?.after).toMatchObject({ reason: 'too many wrong passwords or codes' });
    // And the owner's password still signs in (the guesses locked nothing at sign-in).
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress: freshAddress(),
      payload: { username: owner.user.email, password: owner.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });
});
