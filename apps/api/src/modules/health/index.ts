/** health: whether the service is up, and the client configuration. No module imports it; app.ts mounts it. */
export { healthCheck, type Lifecycle } from './check-health.ts';
