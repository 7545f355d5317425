import type { FastifyInstance } from 'fastify';

// Graceful shutdown (decision 032). On SIGTERM or SIGINT the app closes in this order:
//   1. every WebSocket hears 1012 "reconnect" (realtime/routes.ts, preClose) and the listener
//      closes: new connections are refused, idle keep-alive ones are closed; a request that
//      reached the server before is still answered (not 503, which a balancer counts as a failed
//      request: Fastify's `return503OnClosing: false` in app.ts), with `connection: close` so the
//      client sends nothing more on that connection (`closeConnectionsWhileClosing` below);
//   2. requests in flight finish, for up to `graceMs`; after that their connections are cut;
//   3. the onClose hooks: jobs stop after their current run, the outbox sender finishes the message
//      it is sending (or its lease simply runs out), the realtime feed and the database close;
//   4. the process exits 0 (1 if the grace ran out or closing failed).
// A second signal exits at once (1).

/** After the grace has run out and connections were cut, closing gets this long before exit(1). */
const AFTER_GRACE_MS = 5_000;

export interface ShutdownOptions {
  graceMs: number;
  /** process.exit by default; tests pass their own. */
  exit?: (code: number) => void;
  signals?: readonly NodeJS.Signals[];
}

/**
 * From the moment the app begins to close, every answer carries `connection: close`: a keep-alive
 * client (a browser, a balancer's pool) takes its next request to another server instead of
 * sending it on a connection that is about to go. Registered by buildApp (app.ts).
 */
export function closeConnectionsWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}

/** Installs the signal handlers; returns the shutdown itself (for tests and other callers). */
export function installShutdown(
  app: FastifyInstance,
  options: ShutdownOptions,
): (signal: string) => Promise<void> {
  const { graceMs, exit = (code: number) => process.exit(code), signals = ['SIGTERM', 'SIGINT'] } = options;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    closing = true;
    app.log.info({ signal, graceMs }, 'shutting down: finishing requests in flight');
    let forced = false;
    // A keep-alive connection whose request finishes during the shutdown is closed once idle, not
    // left open until its keep-alive timeout (the listener would wait for it).
    const sweep = setInterval(() => app.server.closeIdleConnections(), 250);
    sweep.unref();
    const grace = setTimeout(() => {
      forced = true;
      app.log.warn({ graceMs }, 'requests still in flight after the grace period: closing their connections');
      app.server.closeAllConnections();
      setTimeout(() => {
        app.log.error('shutdown did not finish: exiting');
        exit(1);
      }, AFTER_GRACE_MS).unref();
    }, graceMs);
    grace.unref();
    try {
      await app.close();
      clearTimeout(grace);
      clearInterval(sweep);
      app.log.info({ signal }, 'stopped');
      exit(forced ? 1 : 0);
    } catch (err) {
      clearTimeout(grace);
      clearInterval(sweep);
      app.log.error({ err }, 'error during shutdown');
      exit(1);
    }
  };
  for (const signal of signals) process.on(signal, () => void shutdown(signal));
  return shutdown;
}
