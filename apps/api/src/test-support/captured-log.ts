import type { DestinationStream } from 'pino';
import { createTestDatabase, type TestDatabase } from '@traffic/db/testing';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Env } from '../config.ts';
import { testEnv } from './test-app.ts';

/** Every line the app's real pino logger wrote, as text. */
export class CapturedLog implements DestinationStream {
  private readonly lines: string[] = [];
  write(line: string): void {
    this.lines.push(line);
  }
  text(): string {
    return this.lines.join('');
  }
}

/** An app whose log (level info) is captured instead of printed: for tests about what the log holds. */
export async function createLoggedTestApp(env: Env = {}): Promise<{ app: App; log: CapturedLog; close(): Promise<void> }> {
  const testDb: TestDatabase = await createTestDatabase();
  const log = new CapturedLog();
  const app = await buildApp(loadConfig(testEnv({ LOG_LEVEL: 'info', ...env })), {
    database: testDb.database,
    logStream: log,
    runJobs: false,
  });
  return {
    app,
    log,
    async close() {
      await app.close();
      await testDb.destroy();
    },
  };
}
