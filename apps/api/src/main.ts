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
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
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
