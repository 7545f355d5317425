import { PAYMENTS_NOT_CONFIGURED } from './adapters/payments';
import { ConfigError, loadConfig } from './config';
import { installShutdown } from './lib/shutdown';
import { startServer } from './start';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const { app, seeded } = await startServer(config);
  const shown = config.publicUrl;
  app.log.info(`Rebound is running at ${shown} (${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})`);
  if (seeded) app.log.info('Demo data seeded.');
  if (config.env !== 'production') {
    app.log.info('Demo sign-in: staff@rebound.test / staff-demo-2026 · ava@rebound.test / shopper-demo-2026');
  }
  if (!config.payments.stripe && !config.payments.testCheckout) app.log.warn(PAYMENTS_NOT_CONFIGURED);
  if (!config.webDist)
    app.log.warn('The web app is not built: run `npm run build` (npm start does it for you).');

  // SIGTERM/SIGINT: sockets told to reconnect, requests in flight finished, jobs and database closed.
  installShutdown(app, { graceMs: config.shutdownGraceMs });
}

main().catch((err) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
