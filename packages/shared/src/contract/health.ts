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
    (s) => ({ responses: { 200: s.healthSchema } }),
  ),
  live: endpoint(
    { method: 'GET', path: '/health/live', auth: 'public', tag, errors: [], summary: 'Liveness: the process answers' },
    (s) => ({ responses: { 200: s.livenessSchema } }),
  ),
  ready: endpoint(
    {
      method: 'GET',
      path: '/health/ready',
      auth: 'public',
      tag,
      errors: [503],
      summary: 'Readiness: the database answers, migrations are applied, the process is not shutting down',
    },
    (s) => ({ responses: { 200: s.readinessSchema } }),
  ),
  clientConfig: endpoint(
    { method: 'GET', path: '/config', auth: 'public', tag, errors: [], summary: 'Public runtime settings for the web app' },
    (s) => ({ responses: { 200: s.clientConfigSchema } }),
  ),
};
