import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config, { prettyLogs: process.stdout.isTTY });
  for (const warning of config.warnings) app.log.warn(warning);
  // docs/deploy.md, "Stopping (SIGTERM)": readiness turns red at once; after SHUTDOWN_DELAY_SECONDS
  // (the balancer's checks have taken the process out of rotation; SIGINT, a terminal's Ctrl-C, skips
  // it) the port closes, requests in flight finish (each keep-alive connection closes after its
  // answer), running jobs finish or give their lease back, all within SHUTDOWN_DEADLINE_SECONDS;
  // then the process exits 0.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.lifecycle.draining = true;
    const delayMs = signal === 'SIGTERM' ? config.shutdownDelayMs : 0;
    app.log.info(
      `${signal} received, shutting down (port closes in ${delayMs / 1000} s, then at most ${config.shutdownDeadlineMs / 1000} s)`,
    );
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const force = setTimeout(() => {
      app.log.warn('the shutdown deadline passed: closing the connections still open');
      app.server.closeAllConnections();
    }, config.shutdownDeadlineMs);
    force.unref();
    try {
      await Promise.all([app.jobs.stop(config.shutdownDeadlineMs), app.close()]);
    } catch (error) {
      app.log.error({ err: error }, 'the shutdown did not finish cleanly');
      process.exit(1);
    }
    app.log.info('shut down');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Serving ${config.appUrl} | database: ${config.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.database.dataDir}`} | payments mode: ${config.paymentsMode}${config.paymentsMode === 'sandbox' ? ' (embedded sandboxes under /sandbox)' : ''}`,
  );
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
