import { endpoint, type ErrorStatus } from './endpoint.ts';

const tag = 'payments';
const errors: readonly ErrorStatus[] = [400, 401, 402, 403, 404];

/** One add-on kind's activation endpoints (a customer's paid add-on, an admin's grant and delete). */
const activationEndpoints = (path: '/activated-additional-hits' | '/activated-additional-slots', kind: 'hits' | 'slots') => ({
  activate: endpoint({ method: 'POST', path, auth: 'user', tag, errors, summary: `Activate a paid add-on (${kind})` }, (s) => ({
    body: s.activateAddonBodySchema,
    responses: { 200: s.activationSchema },
  })),
  grant: endpoint(
    { method: 'POST', path: `${path}/email`, auth: 'admin', tag, errors, summary: `Grant an add-on by email (admin, ${kind})` },
    (s) => ({ body: s.grantAddonBodySchema, responses: { 200: s.activationSchema } }),
  ),
  remove: endpoint(
    { method: 'DELETE', path: `${path}/:id`, auth: 'admin', tag, errors, summary: `Delete an activated add-on (admin, ${kind})` },
    (s) => ({ params: s.numericIdParamsSchema, responses: { 200: s.okSchema } }),
  ),
});

export const paymentsApi = {
  createCardCheckout: endpoint(
    {
      method: 'POST',
      path: '/orders',
      auth: 'user',
      tag,
      errors: [...errors, 409, 429],
      summary: 'Start a card checkout (PayHere form fields)',
    },
    (s) => ({ body: s.createOrderBodySchema, responses: { 201: s.checkoutFormSchema } }),
  ),
  payhereNotify: endpoint(
    {
      method: 'POST',
      path: '/payments/payhere/notify',
      auth: 'public',
      tag,
      errors: [400, 429],
      bodyEncoding: 'form',
      summary: 'PayHere server callback (form-encoded)',
    },
    (s) => ({ body: s.payhereNotifySchema, responses: { 200: s.callbackResultSchema } }),
  ),
  addPackage: endpoint(
    {
      method: 'POST',
      path: '/users/addPackage',
      auth: 'user',
      tag,
      errors,
      summary: 'Finalize a paid package order (customer) or grant a package by email (admin)',
    },
    (s) => ({ body: s.addPackageBodySchema, responses: { 200: s.userSchema } }),
  ),
  activatedAddons: endpoint(
    {
      method: 'GET',
      path: '/admin/activated-addons',
      auth: 'admin',
      tag,
      errors,
      summary: "Users' activated add-ons (admin 'Package details')",
    },
    (s) => ({ query: s.adminPageQuerySchema, responses: { 200: s.activatedAddonsPageSchema } }),
  ),
  hits: activationEndpoints('/activated-additional-hits', 'hits'),
  slots: activationEndpoints('/activated-additional-slots', 'slots'),
  paypal: {
    createOrder: endpoint(
      {
        method: 'POST',
        path: '/payments/paypal/orders',
        auth: 'user',
        tag,
        errors: [...errors, 409, 429, 502],
        summary: "Create a one-time PayPal order for an add-on (the button's createOrder)",
      },
      (s) => ({ body: s.paypalOrderBodySchema, responses: { 201: s.paypalOrderSchema } }),
    ),
    capture: endpoint(
      {
        method: 'POST',
        path: '/payments/paypal/orders/:id/capture',
        auth: 'user',
        tag,
        errors: [...errors, 429, 502],
        summary: "Capture an approved PayPal order (the button's onApprove)",
      },
      (s) => ({ params: s.paypalOrderParamsSchema, responses: { 200: s.captureResultSchema } }),
    ),
    createSubscription: endpoint(
      {
        method: 'POST',
        path: '/payments/paypal/subscriptions',
        auth: 'user',
        tag,
        errors: [...errors, 409, 429, 502],
        summary: "Create a PayPal subscription for a package (the button's createSubscription)",
      },
      (s) => ({ body: s.paypalSubscriptionBodySchema, responses: { 201: s.paypalOrderSchema } }),
    ),
    confirmSubscription: endpoint(
      {
        method: 'POST',
        path: '/payments/paypal/subscriptions/:id/confirm',
        auth: 'user',
        tag,
        errors: [...errors, 429],
        summary: "Read an approved PayPal subscription's first charge back from PayPal (the button's onApprove)",
      },
      (s) => ({ params: s.paypalOrderParamsSchema, responses: { 200: s.captureResultSchema } }),
    ),
    webhook: endpoint(
      {
        method: 'POST',
        path: '/payments/paypal/webhook',
        auth: 'public',
        tag,
        errors: [400, 429, 503],
        summary: 'PayPal webhook (verified with verify-webhook-signature)',
      },
      (s) => ({ body: s.paypalWebhookBodySchema, responses: { 200: s.callbackResultSchema } }),
    ),
  },
};
