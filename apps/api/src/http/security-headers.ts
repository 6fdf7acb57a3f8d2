import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';

/**
 * Security headers on every answer. The CSP allows what the built app needs and no more: its own
 * scripts, Emotion's injected styles, and posting the checkout form to the card gateway.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const gateway = new URL(config.payhere.baseUrl).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.paypal.com', 'https://www.sandbox.paypal.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://www.paypal.com', 'https://www.sandbox.paypal.com'],
        frameSrc: ["'self'", 'https://www.paypal.com', 'https://www.sandbox.paypal.com'],
        formAction: ["'self'", gateway],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    hsts: config.appUrl.startsWith('https:') ? undefined : false,
  });
}
