// Graceful shutdown on SIGINT/SIGTERM, shared by the server and the test entry that proves it:
// the app stops accepting connections and finishes the requests in flight, then the rest stops.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** How often idle keep-alive connections are closed while the requests in flight finish. */
const IDLE_SWEEP_MS = 100;

export function stopGracefullyOnSignals(app: FastifyInstance, log: FastifyBaseLogger, closeRest: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    // Closing waits for every connection to end. A keep-alive connection whose request finishes
    // during the shutdown would otherwise stay open until the client drops it (up to 72 s).
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    try {
      await app.close();
      clearInterval(sweep);
      await closeRest();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}
