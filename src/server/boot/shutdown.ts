// Graceful shutdown on SIGINT/SIGTERM, shared by the server and the test entry that proves it:
// the app stops accepting connections and finishes the requests in flight, then the rest stops.
// Within a deadline (SHUTDOWN_TIMEOUT_MS): a request stuck on a provider or a lock must not keep
// the process, and so a deploy or a person waiting for it, from ending. A second Ctrl-C is a person
// who does not want to wait at all.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** How often idle keep-alive connections are closed while the requests in flight finish. */
const IDLE_SWEEP_MS = 100;

/** Exit codes: the deadline passed with work in flight; a second SIGINT (128 + SIGINT's 2, as shells do). */
export const EXIT_AFTER_DEADLINE = 1;
export const EXIT_ON_SECOND_SIGINT = 130;

export interface ShutdownOptions {
  /** How long the requests in flight and the rest may take to stop before they are abandoned. */
  timeoutMs: number;
}

export function stopGracefullyOnSignals(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  closeRest: () => Promise<void>,
  options: ShutdownOptions,
): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      if (signal !== 'SIGINT') return;
      log.warn('SIGINT again: exiting at once, abandoning the requests still in flight');
      process.exit(EXIT_ON_SECOND_SIGINT);
    }
    stopping = true;
    log.info(`${signal}: shutting down (at most ${options.timeoutMs} ms; Ctrl-C again to exit at once)`);
    setTimeout(() => {
      log.error(
        `shutdown did not finish within ${options.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): exiting, abandoning the requests still in flight`,
      );
      process.exit(EXIT_AFTER_DEADLINE);
    }, options.timeoutMs);
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
