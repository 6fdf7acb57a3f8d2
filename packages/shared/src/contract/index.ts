import { accountsApi } from './accounts.ts';
import { adminApi, supportApi } from './admin.ts';
import { billingApi } from './billing.ts';
import { catalogueApi } from './catalogue.ts';
import { deliveryApi } from './delivery.ts';
import type { Endpoint } from './endpoint.ts';
import { healthApi } from './health.ts';
import { paymentsApi } from './payments.ts';
import { securityApi } from './security.ts';
import { websitesApi } from './websites.ts';
import { yourDataApi } from './your-data.ts';

export * from './endpoint.ts';
export {
  accountsApi,
  adminApi,
  billingApi,
  supportApi,
  catalogueApi,
  deliveryApi,
  healthApi,
  paymentsApi,
  securityApi,
  websitesApi,
  yourDataApi,
};

/** The whole API, by module (what the server registers and the security suites walk). */
export const api = {
  accounts: accountsApi,
  admin: adminApi,
  billing: billingApi,
  support: supportApi,
  catalogue: catalogueApi,
  delivery: deliveryApi,
  health: healthApi,
  payments: paymentsApi,
  security: securityApi,
  websites: websitesApi,
  yourData: yourDataApi,
};

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'schemas' in value;

/** Every endpoint of `api`, flattened. */
export function allEndpoints(): Endpoint[] {
  const found: Endpoint[] = [];
  const walk = (node: unknown) => {
    if (isEndpoint(node)) found.push(node);
    else if (typeof node === 'object' && node !== null) for (const child of Object.values(node)) walk(child);
  };
  walk(api);
  return found;
}
