/** tokens: personal access tokens. No module imports it; http/token-auth.ts reads a token by its hash. */
export { findAccessTokenByHash, touchAccessToken } from './access-tokens.repository.ts';
export { hashAccessToken, isWellFormedAccessToken, newAccessToken } from './token-secret.ts';
export { accessTokensOf, createAccessToken, revokeAccessToken } from './access-tokens.ts';
