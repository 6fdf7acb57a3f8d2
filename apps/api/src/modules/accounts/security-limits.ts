/**
 * Every session and security route has a per-address limit, like the sign-in routes (a flood of
 * them costs rows and writes): changes at the sign-in routes' rate, reads at twice it.
 */
export const SECURITY_ROUTE_LIMITS = { changes: 30, reads: 60 } as const;
