import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/use-test-app.ts';

describe('per-address rate limits without Redis', () => {
  const t = useTestApp();

  it('lets the first `max` of a concurrent burst through and refuses the rest', async () => {
    // Mailing a reset code is limited to 10 a minute per address (accounts.routes.ts); past the
    // limiter, the use case's own limit of codes per email answers the rest, in its own words.
    const send = () => t.app.inject({ method: 'PUT', url: '/api/users/otp/nobody@example.com', remoteAddress: '10.9.9.9' });
    const answers = await Promise.all(Array.from({ length: 25 }, send));
    const byLimiter = answers.filter((r) => r.statusCode === 429 && r.json().message === 'Too many requests. Try again in 60 seconds.');
    expect(byLimiter).toHaveLength(15);
    const remaining = answers.filter((r) => !byLimiter.includes(r)).map((r) => Number(r.headers['x-ratelimit-remaining']));
    expect(remaining.sort((a, b) => b - a)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });
});
