import type { FastifyInstance } from 'fastify';
import type { SandboxOptions } from '../options.ts';
import { SandboxControl } from './control.ts';
import { ninehitsControlRoute } from './control.routes.ts';
import { ninehitsPanelApi } from './panel.api.ts';

/**
 * The embedded 9Hits (docs/integrations.md section 3), mounted at /sandbox/9hits in sandbox mode
 * only: the panel API under /api, and the switch that makes it misbehave, which shares its state.
 */
export async function ninehitsSandboxRoutes(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const control = new SandboxControl();
  await ninehitsPanelApi(app, options, control);
  ninehitsControlRoute(app, options, control);
}
