import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { hashAccessToken, isWellFormedAccessToken, newAccessToken } from './index.ts';

/** The public surface of tokens (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('tokens/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual([
      'accessTokensOf',
      'createAccessToken',
      'findAccessTokenByHash',
      'hashAccessToken',
      'isWellFormedAccessToken',
      'newAccessToken',
      'revokeAccessToken',
      'touchAccessToken',
    ]);
  });

  it('makes a token that reads as one and is stored only as its hash', () => {
    const { token, hash, hint } = newAccessToken();
    expect(isWellFormedAccessToken(token)).toBe(true);
    expect(hashAccessToken(token)).toBe(hash);
    expect(token.endsWith(hint)).toBe(true);
  });
});
