import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { pingDatabase } from './health.repository.ts';

/** GET /api/health: the process answers and its database does. */
export async function checkHealth(ctx: AppContext): Promise<{ status: 'ok'; database: 'ok' }> {
  try {
    await pingDatabase(ctx.db);
  } catch {
    throw new AppError('UNAVAILABLE', 'The database is not reachable.');
  }
  return { status: 'ok', database: 'ok' };
}
