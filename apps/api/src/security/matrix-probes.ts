import { allEndpoints, pathOf, type EndpointMeta } from '@traffic/shared/contract';
import { headersFor, type Fixtures, type Probe } from './matrix-fixtures.ts';
import { TEST_ADMIN } from '../test-support/test-app.ts';

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});
const site = (f: Fixtures, extra: Record<string, unknown> = {}) => ({
  url: 'https://matrix.example.com',
  daily_hit_limit: 100,
  traffic_source: 'Direct',
  traffic_source_type: '',
  bounce_rate_reduction: true,
  geolocation_type: 'All Countries',
  geolocations: [],
  user_id: f.a.user.id,
  ...extra,
});
let n = 0;

const PUBLIC_OK: Probe['expect'] = [200, 200, 200, 200];
const ADMIN_ONLY = (ok: number): Probe['expect'] => [401, 403, 403, ok];
/** Routes about the caller's own things: every signed-in actor gets them, a visitor is refused. */
const SIGNED_IN = (ok: number): Probe['expect'] => [401, ok, ok, ok];
/** Routes about customer A's own things: B is another customer. */
const OWNER = (ok: number, other = 403): Probe['expect'] => [401, ok, other, ok];

/**
 * The value of each path parameter, one fixture per resource, keyed by the resource (the path
 * segment before the parameter, without a plural s) and the parameter: `/website/:id/hits` and
 * `/websites/:id/notes` both take customer A's website. `owned`: the thing is customer A's, so
 * customer B is refused (403) where the entry's rule is 'user'.
 */
const PATH_FIXTURES: Record<string, { value: (f: Fixtures) => string | number; owned?: true }> = {
  'website/:id': { value: (f) => f.siteId, owned: true },
  'package/:id': { value: () => 'pkgBasic' },
  'additional-hit/:id': { value: () => '1000Hits' },
  'additional-slot/:id': { value: () => '10Slots' },
  'customer/:id': { value: (f) => f.a.user.id },
  'change/:id': { value: () => 'pkgBasic' },
  // Each customer sees only their own websites' days: a stranger answers 200 with none of the owner's.
  'delivery/:type': { value: () => 'normal' },
  'all-user/:type': { value: () => 'seo' },
};

/**
 * The probe an entry says by itself: a GET changes nothing and sends no body, so its request is
 * its path with each parameter's fixture, and what each actor gets follows from its rule (200 to
 * whoever the rule lets in, 401 to a visitor, 403 to a customer on an admin route or on customer
 * A's thing).
 */
function derivedProbe(entry: EndpointMeta): Probe {
  const params = [...entry.path.matchAll(/([^/]+)\/:(\w+)/g)].map(([, segment, name]) => {
    const key = `${segment!.replace(/s$/, '')}/:${name}`;
    const missing = () => {
      throw new Error(`${entry.method} ${entry.path}: add a fixture for '${key}' to PATH_FIXTURES (matrix-probes.ts)`);
    };
    return { name: name!, fixture: PATH_FIXTURES[key] ?? { value: missing } };
  });
  const owned = params.some((p) => p.fixture.owned);
  const expect = { public: PUBLIC_OK, admin: ADMIN_ONLY(200), user: owned ? OWNER(200) : SIGNED_IN(200) }[entry.auth];
  return {
    request: (f) => ({ url: `/api${pathOf(entry.path, Object.fromEntries(params.map((p) => [p.name, p.fixture.value(f)])))}` }),
    expect,
  };
}

const DERIVED: Record<string, Probe> = Object.fromEntries(
  allEndpoints()
    .filter((entry) => entry.method === 'GET')
    .map((entry) => [`GET /api${entry.path}`, derivedProbe(entry)]),
);

/**
 * One probe per API route: what each of visitor, customer A, customer B and admin gets. The matrix
 * test fails for any registered route without one, so a new route cannot ship without a rule.
 *
 * A GET's probe is derived from its registry entry (DERIVED). The probes written here are the
 * routes an entry cannot describe: a body that passes validation, a query the route requires, the
 * state the call needs (a fresh resource, a paid order) or an answer other than the rule's (404 to
 * whoever does not own the thing, a refusal for capacity); and the API documentation's routes,
 * which are not in the registry.
 */
export const PROBES: Record<string, Probe> = {
  ...DERIVED,
  // The API documentation (the swagger plugin's routes, not the registry's).
  'GET /api/docs': { request: () => ({ url: '/api/docs' }), expect: PUBLIC_OK },
  'GET /api/docs/json': { request: () => ({ url: '/api/docs/json' }), expect: PUBLIC_OK },
  'GET /api/docs/yaml': { request: () => ({ url: '/api/docs/yaml' }), expect: PUBLIC_OK },
  // swagger-ui sends its old index path to /api/docs.
  'GET /api/docs/static/index.html': { request: () => ({ url: '/api/docs/static/index.html' }), expect: [302, 302, 302, 302] },
  'GET /api/docs/static/swagger-initializer.js': { request: () => ({ url: '/api/docs/static/swagger-initializer.js' }), expect: PUBLIC_OK },
  'GET /api/docs/static/*': { request: () => ({ url: '/api/docs/static/swagger-ui.css' }), expect: PUBLIC_OK },

  'POST /api/packages': {
    request: () => ({ url: '/api/packages', payload: { name: `New ${++n}`, price: 5, hits_per_day: 100, slots: 1 } }),
    expect: ADMIN_ONLY(201),
  },
  'PUT /api/packages': {
    request: () => ({
      url: '/api/packages',
      payload: { id: 'pkgStandard', name: 'Standard', price: 44.99, hits_per_day: 4200, slots: 25 },
    }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/packages/:id': { request: async (f) => ({ url: `/api/packages/${await f.fresh.package()}` }), expect: ADMIN_ONLY(200) },
  'POST /api/additional-hits': {
    request: () => ({ url: '/api/additional-hits', payload: { name: 'H', price: 1, count: 90_000 + ++n } }),
    expect: ADMIN_ONLY(201),
  },
  'PUT /api/additional-hits': {
    request: () => ({
      url: '/api/additional-hits',
      payload: { id: '5000Hits', name: '5000 Extra Hits', price: 19.99, count: 5000, type: 'normal' },
    }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/additional-hits/:id': {
    request: async (f) => ({ url: `/api/additional-hits/${await f.fresh.addon('hits')}` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/additional-slots': {
    request: () => ({ url: '/api/additional-slots', payload: { name: 'S', price: 1, count: 80_000 + ++n } }),
    expect: ADMIN_ONLY(201),
  },
  'PUT /api/additional-slots': {
    request: () => ({
      url: '/api/additional-slots',
      payload: { id: '10Slots', name: '10 Extra Slots', price: 8.99, count: 10, type: 'normal' },
    }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/additional-slots/:id': {
    request: async (f) => ({ url: `/api/additional-slots/${await f.fresh.addon('slots')}` }),
    expect: ADMIN_ONLY(200),
  },

  'POST /api/users': {
    request: () => ({
      url: '/api/users',
      payload: {
        email: `new${++n}@example.com`,
        username: `new${n}`,
        password: 'long-password',
        address: 'a',
        phoneNumber: '1234567',
        fullName: 'A/B',
        city: 'c',
        country: 'd',
      },
    }),
    expect: [201, 201, 201, 201],
  },
  'POST /api/users/login': {
    request: () => ({ url: '/api/users/login', payload: { username: 'matrix_b', password: 'customer-password-1' } }),
    expect: PUBLIC_OK,
  },
  // Each actor signs out of a session of its own, so the sessions the other probes use go on.
  'POST /api/users/logout': {
    request: async (f, actor) => ({ url: '/api/users/logout', headers: await f.fresh.headers(actor) }),
    expect: [401, 200, 200, 200],
  },
  'POST /api/users/load/:email': { request: (f) => ({ url: `/api/users/load/${f.a.user.email}` }), expect: OWNER(200) },
  'PUT /api/users/update/:email': {
    request: (f) => ({
      url: `/api/users/update/${f.a.user.email}`,
      payload: { address: 'x', phoneNumber: '1234567', fullName: 'A/B', city: 'c', country: 'd' },
    }),
    expect: OWNER(200),
  },
  'PUT /api/users/otp/:email': {
    request: async (f) => ({ url: `/api/users/otp/${(await f.fresh.customer()).user.email}` }),
    expect: PUBLIC_OK,
  },
  'POST /api/users/otp': {
    request: (f) => ({ url: '/api/users/otp', payload: { email: f.a.user.email, otp: 'abcdef' } }),
    expect: [400, 400, 400, 400],
  },
  'POST /api/users/password': {
    request: (f) => ({
      url: '/api/users/password',
      payload: { email: f.b.user.email, password: 'another-password', resetToken: 'not-a-token' },
    }),
    expect: [403, 403, 403, 403],
  },
  'PUT /api/users/activate/:email': { request: (f) => ({ url: `/api/users/activate/${f.b.user.email}` }), expect: ADMIN_ONLY(200) },
  'PUT /api/users/deactivate/:email': {
    request: async (f) => ({ url: `/api/users/deactivate/${(await f.fresh.customer()).user.email}` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/users/clear-notifications/:email': {
    request: (f) => ({ url: `/api/users/clear-notifications/${f.a.user.email}` }),
    expect: OWNER(200),
  },

  'POST /api/orders': {
    request: () => ({ url: '/api/orders', payload: { kind: 'package', id: 'pkgBasic' } }),
    expect: [401, 201, 201, 201],
  },
  'POST /api/payments/payhere/notify': {
    request: () => ({ url: '/api/payments/payhere/notify', ...form({ order_id: 'x', md5sig: 'y' }) }),
    expect: [400, 400, 400, 400],
  },
  // The admin's call with another user's email is a grant, hence 200.
  'POST /api/users/addPackage': {
    request: (f) => ({ url: '/api/users/addPackage', payload: { pkg: 'pkgBasic', email: f.a.user.email, uuid: f.paidPackageOrder } }),
    expect: OWNER(200, 404),
  },
  'POST /api/activated-additional-hits': {
    request: (f) => ({
      url: '/api/activated-additional-hits',
      payload: { additional_id: '1000Hits', token: f.paidHitsOrder, user_id: f.a.user.id },
    }),
    // Finalizing is the buyer's alone; an admin grants through /email instead.
    expect: [401, 200, 404, 404],
  },
  'POST /api/activated-additional-hits/email': {
    request: (f) => ({ url: '/api/activated-additional-hits/email', payload: { additional_id: '1000Hits', email: f.b.user.email } }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/activated-additional-hits/:id': {
    request: async (f) => ({ url: `/api/activated-additional-hits/${await f.fresh.activation('hits')}` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/activated-additional-slots': {
    request: (f) => ({ url: '/api/activated-additional-slots', payload: { additional_id: '5Slots', token: f.paidHitsOrder } }),
    expect: [401, 404, 404, 404],
  },
  'POST /api/activated-additional-slots/email': {
    request: (f) => ({ url: '/api/activated-additional-slots/email', payload: { additional_id: '5Slots', email: f.b.user.email } }),
    expect: ADMIN_ONLY(200),
  },
  'DELETE /api/activated-additional-slots/:id': {
    request: async (f) => ({ url: `/api/activated-additional-slots/${await f.fresh.activation('slots')}` }),
    expect: ADMIN_ONLY(200),
  },

  'POST /api/payments/paypal/orders': {
    request: () => ({ url: '/api/payments/paypal/orders', payload: { kind: 'hits', id: '1000Hits' } }),
    expect: [401, 201, 201, 201],
  },
  // Not approved yet: the owner is told so (402); anyone else learns nothing (404).
  'POST /api/payments/paypal/orders/:id/capture': {
    request: (f) => ({ url: `/api/payments/paypal/orders/${f.paypalOrderId}/capture` }),
    expect: [401, 402, 404, 404],
  },
  'POST /api/payments/paypal/subscriptions': {
    request: () => ({ url: '/api/payments/paypal/subscriptions', payload: { id: 'pkgBasic' } }),
    expect: [401, 201, 201, 201],
  },
  // Not approved yet: the owner is told it is pending; anyone else learns nothing (404).
  'POST /api/payments/paypal/subscriptions/:id/confirm': {
    request: (f) => ({ url: `/api/payments/paypal/subscriptions/${f.paypalSubscriptionId}/confirm` }),
    expect: [401, 200, 404, 404],
  },
  // Billing is always the caller's own: nobody reaches another customer's renewal or receipts.
  'POST /api/billing/:type/cancel': { request: () => ({ url: '/api/billing/seo/cancel' }), expect: [401, 404, 404, 404] },
  'PUT /api/billing/reminders': {
    request: () => ({ url: '/api/billing/reminders', payload: { enabled: true } }),
    expect: [401, 200, 200, 200],
  },
  // A payment that does not exist: the probe refunds nothing, and only an admin gets as far as looking.
  'POST /api/admin/payments/:id/refund': {
    request: () => ({ url: '/api/admin/payments/o-00000000-0000-4000-8000-000000000000/refund', payload: { reason: 'matrix' } }),
    expect: ADMIN_ONLY(404),
  },
  'GET /api/billing/receipts/:id': {
    request: (f) => ({ url: `/api/billing/receipts/o-${f.paidPackageOrder}` }),
    expect: [401, 200, 404, 404],
  },
  'POST /api/payments/paypal/webhook': {
    request: () => ({ url: '/api/payments/paypal/webhook', payload: { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED' } }),
    expect: [400, 400, 400, 400],
  },

  // An admin has no package of their own: their create is refused for capacity, not for rights.
  'POST /api/website': {
    request: (f) => ({ url: '/api/website', payload: site(f, { url: `https://m${++n}.example.com` }) }),
    expect: [401, 201, 201, 409],
  },
  'PUT /api/website': {
    request: (f) => ({ url: '/api/website', payload: site(f, { id: f.siteId, daily_hit_limit: 200 }) }),
    expect: OWNER(200),
  },
  'POST /api/website/edit/:id': { request: (f) => ({ url: `/api/website/edit/${f.siteId}` }), expect: OWNER(200) },
  'POST /api/website/:id/pause': { request: (f) => ({ url: `/api/website/${f.siteId}/pause` }), expect: OWNER(200) },
  'DELETE /api/website/:id': { request: async (f) => ({ url: `/api/website/${await f.fresh.website()}` }), expect: OWNER(200) },
  'POST /api/website/:userId/websites/:status': {
    request: (f) => ({ url: `/api/website/${f.a.user.id}/websites/ACTIVE` }),
    expect: ADMIN_ONLY(200),
  },

  // A challenge is the only key to the code step; a made-up one is refused whoever sends it.
  'POST /api/users/login/two-factor': {
    request: () => ({ url: '/api/users/login/two-factor', payload: { challenge: 'not-a-challenge', code: '123456' } }),
    expect: [401, 401, 401, 401],
  },
  // Tokens are for customer accounts: an administrator's is refused.
  'POST /api/account/tokens': {
    request: () => ({
      url: '/api/account/tokens',
      payload: { name: `matrix ${++n}`, scope: 'read', expiresInDays: 7, password: 'customer-password-1' },
    }),
    expect: [401, 201, 201, 403],
  },
  // Only the account's own tokens: B and the admin cannot revoke A's (it is "not found" to them).
  'DELETE /api/account/tokens/:id': {
    request: async (f) => ({ url: `/api/account/tokens/${(await f.fresh.accessTokenOfA('read')).id}` }),
    expect: [401, 200, 404, 404],
  },
  'POST /api/account/two-factor/setup': { request: () => ({ url: '/api/account/two-factor/setup' }), expect: [401, 200, 200, 200] },
  // Each signed-in actor starts an enrolment of its own account first; a wrong code then changes nothing.
  'POST /api/account/two-factor/enable': {
    request: async (f, actor) => {
      const headers = headersFor(f, actor);
      if (actor !== 'visitor') await f.app.inject({ method: 'POST', url: '/api/account/two-factor/setup', headers });
      return { url: '/api/account/two-factor/enable', payload: { password: 'not-the-password', code: '000000' } };
    },
    expect: [401, 400, 400, 400],
  },
  'POST /api/account/two-factor/disable': {
    request: () => ({ url: '/api/account/two-factor/disable', payload: { password: 'customer-password-1', code: '000000' } }),
    expect: [401, 409, 409, 409],
  },
  'POST /api/account/two-factor/recovery-codes': {
    request: () => ({ url: '/api/account/two-factor/recovery-codes', payload: { code: '000000' } }),
    expect: [401, 409, 409, 409],
  },
  'POST /api/account/password': {
    request: () => ({ url: '/api/account/password', payload: { currentPassword: 'not-the-password', password: 'another-password-1' } }),
    expect: [401, 400, 400, 400],
  },
  // Only the account's own sessions: B and the admin cannot end A's (it is "not found" to them).
  'DELETE /api/account/sessions/:id': {
    request: async (f) => ({ url: `/api/account/sessions/${await f.fresh.sessionOfA()}` }),
    expect: [401, 200, 404, 404],
  },
  // Ends every other session of the caller: each signed-in actor speaks as the spare customer, so the sessions the other probes use go on.
  'POST /api/account/sessions/sign-out-others': {
    request: async (f, actor) => ({
      url: '/api/account/sessions/sign-out-others',
      headers: actor === 'visitor' ? {} : (await f.fresh.spare()).headers,
    }),
    expect: [401, 200, 200, 200],
  },
  'POST /api/admin/users/:email/sessions/end': {
    request: async (f) => ({ url: `/api/admin/users/${(await f.fresh.spare()).email}/sessions/end` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/admin/users/:email/two-factor/reset': {
    request: async (f) => ({ url: `/api/admin/users/${await f.fresh.twoFactorCustomer()}/two-factor/reset` }),
    expect: ADMIN_ONLY(200),
  },

  // Your data: each signed-in actor's own copy; only its owner downloads it (another's is "not found").
  'POST /api/account/data-export': { request: () => ({ url: '/api/account/data-export' }), expect: [401, 200, 200, 200] },
  'GET /api/account/data-export/:id/file': {
    request: async (f) => ({ url: `/api/account/data-export/${await f.fresh.exportOfA()}/file` }),
    expect: [401, 200, 404, 404],
  },
  // A wrong password closes nothing; an administrator's own account is never closed here.
  'POST /api/account/close': {
    request: () => ({ url: '/api/account/close', payload: { password: 'not-the-password' } }),
    expect: [401, 400, 400, 403],
  },
  'POST /api/admin/customers/:id/close': {
    // Only the admin's probe closes someone (a fresh customer); the others are refused before anything happens.
    request: async (f, actor) => ({
      url: `/api/admin/customers/${actor === 'admin' ? (await f.fresh.customer()).user.id : f.a.user.id}/close`,
      payload: { password: TEST_ADMIN.password },
    }),
    expect: ADMIN_ONLY(200),
  },

  'POST /api/admin/search-users': {
    request: () => ({ url: '/api/admin/search-users', ...form({ filters: JSON.stringify({ search: 'matrix' }) }) }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/admin/notify/:audience': {
    request: () => ({ url: '/api/admin/notify/all', ...form({ title: 'Hello', body: 'World' }) }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/admin/jobs/:id/retry': {
    request: async (f) => ({ url: `/api/admin/jobs/${await f.fresh.failedJob()}/retry` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/admin/jobs/:id/dismiss': {
    request: async (f) => ({ url: `/api/admin/jobs/${await f.fresh.failedJob()}/dismiss` }),
    expect: ADMIN_ONLY(200),
  },
  'POST /api/support': {
    request: (f) => ({ url: '/api/support', payload: { email: f.a.user.email, msg: 'Help' } }),
    expect: [401, 200, 200, 200],
  },
};
