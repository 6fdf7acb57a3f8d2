import type { FastifyInstance } from 'fastify';
import type { SandboxOptions } from '../options.ts';
import { paypalSandbox } from './context.ts';
import { paypalOrdersApi } from './orders.api.ts';
import { paypalOrderControls } from './orders.control.ts';
import { paypalSubscriptionsApi } from './subscriptions.api.ts';
import { paypalSubscriptionControls } from './subscriptions.control.ts';
import { paypalSubscriptionPages } from './subscriptions.pages.ts';

/**
 * The embedded PayPal (docs/integrations.md section 2), mounted at /sandbox/paypal in sandbox mode
 * only: its merchant API (Orders v2, webhook verification, Subscriptions v1), the buyer's
 * approvals and the controls that make PayPal act later, and the page listing the subscriptions.
 */
export async function paypalSandboxRoutes(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  // PayPal accepts an empty JSON body (a capture needs none); the rest of the server does not.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    try {
      done(null, text.trim() === '' ? {} : JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 }), undefined);
    }
  });
  const p = paypalSandbox(options);
  paypalOrdersApi(app, p);
  paypalOrderControls(app, p);
  paypalSubscriptionsApi(app, p);
  paypalSubscriptionControls(app, p);
  paypalSubscriptionPages(app, p);
}
