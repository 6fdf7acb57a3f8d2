import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { CUSTOMER_API_TAG } from './endpoint-route.ts';

/** OpenAPI generated from the routes' zod schemas: the document at /api/docs/json, the UI at /api/docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Traffic API', version: '1.0.0', description: 'Paths and fields as in docs/product.md section 7.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Personal access tokens (docs/decisions/0037-personal-access-tokens.md).
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'trf_pat_…',
            description: 'A personal access token from Account security, sent as `Authorization: Bearer trf_pat_…`.',
          },
        },
      },
      tags: [
        {
          name: CUSTOMER_API_TAG,
          description:
            'What a personal access token can call: read scope for the account, subscriptions and add-ons, websites, delivery history and billing history; ' +
            'the read and write scope also creates, edits, pauses, activates and deletes websites. Each token may make a limited number of calls a minute ' +
            '(RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers; 429 with Retry-After past it). Errors: 401 TOKEN_REVOKED or TOKEN_EXPIRED, ' +
            '403 TOKEN_SCOPE. Admin, security and checkout endpoints answer no token.',
        },
      ],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
}
