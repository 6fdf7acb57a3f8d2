import { endpoint } from './endpoint.ts';

const tag = 'health';

export const healthApi = {
  health: endpoint(
    {
      method: 'GET',
      path: '/health',
      auth: 'public',
      tag,
      errors: [503],
      summary: 'Liveness: the database, Redis, the job queue and 9Hits',
    },
    (s) => ({
      responses: { 200: s.healthSchema },
    }),
  ),
  clientConfig: endpoint(
    { method: 'GET', path: '/config', auth: 'public', tag, errors: [], summary: 'Public runtime settings for the web app' },
    (s) => ({
      responses: { 200: s.clientConfigSchema },
    }),
  ),
};
