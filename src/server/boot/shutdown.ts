// Graceful shutdown in phases, on SIGTERM or SIGINT, shared by the server and the test entry that
// proves it. SIGTERM (what orchestrators and `docker stop` send) first drains: GET /ready fails, so
// the load balancer takes the process out of rotation, while every other route keeps serving for
// SHUTDOWN_DRAIN_MS. Then the app stops accepting connections, closes the idle keep-alive ones and
// finishes the requests in flight, whose answers say `Connection: close`; then the rest stops.
// Ctrl-C (SIGINT) skips the drain: a person at a terminal has no load balancer to wait for.
// All of it within SHUTDOWN_TIMEOUT_MS from the signal: a request stuck on a provider or a lock must
// not keep a deploy waiting. What is still running then is abandoned, its database work rolled back
// first, so that nothing a client was never told about commits later. A second Ctrl-C is a person
// who does not want to wait at all.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * How long SIGTERM fails readiness before the app stops accepting: the shipped haproxy.cfg checks
 * /ready every second and takes a process out after 2 failures (2 s), plus a second to spare.
 */
export const DEFAULT_DRAIN_MS = 3_000;
/** From the signal to giving up: the drain, then up to 12 s for the requests in flight. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 15_000;
/**
 * How long rolling back the abandoned work may add to SHUTDOWN_TIMEOUT_MS before the process exits
 * anyway (the database may be the thing that is stuck): an orchestrator's grace period needs this
 * much more than SHUTDOWN_TIMEOUT_MS.
 */
const ABANDON_LIMIT_MS = 2_000;

/** How often idle keep-alive connections are closed while the requests in flight finish. */
const IDLE_SWEEP_MS = 100;

/** Exit codes: the deadline passed with work in flight; a second SIGINT (128 + SIGINT's 2, as shells do). */
export const EXIT_AFTER_DEADLINE = 1;
export const EXIT_ON_SECOND_SIGINT = 130;

/** Whether a stop has begun: the app then fails GET /ready and closes each connection after its answer. */
export interface StopState {
  stopping: boolean;
}

export interface ShutdownOptions {
  /** From the signal until what is still running is abandoned (SHUTDOWN_TIMEOUT_MS); includes the drain. */
  timeoutMs: number;
  /** How long SIGTERM keeps serving while failing readiness (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
}

export interface ShutdownSteps {
  /** The flag the app reads (AppOptions.stopState); set here when the stop begins. */
  state: StopState;
  /** Stops what the app used (database, emulators, tracing) once the app has closed. */
  closeRest: () => Promise<void>;
  /** At the deadline: rolls back the database work this process still has running. */
  abandonRest: () => Promise<void>;
}

export function stopGracefullyOnSignals(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  steps: ShutdownSteps,
  options: ShutdownOptions,
): void {
  let deadlinePassed = false;
  const giveUp = async () => {
    deadlinePassed = true;
    log.error(
      `shutdown did not finish within ${options.timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): rolling back the database work still running and exiting, abandoning the requests still in flight`,
    );
    const abandoned = steps.abandonRest().then(
      () => true,
      (error: unknown) => {
        log.error({ err: error }, 'could not roll back the database work still running');
        return true;
      },
    );
    if (!(await Promise.race([abandoned, sleep(ABANDON_LIMIT_MS, false)]))) {
      log.error(`rolling back took more than ${ABANDON_LIMIT_MS} ms: exiting without waiting for it`);
    }
    process.exit(EXIT_AFTER_DEADLINE);
  };

  const stop = async (signal: NodeJS.Signals) => {
    if (steps.state.stopping) {
      // Orchestrators resend SIGTERM and expect the deadline to hold; only a person presses Ctrl-C twice.
      if (signal !== 'SIGINT') return;
      log.warn('SIGINT again: exiting at once, abandoning the requests still in flight');
      process.exit(EXIT_ON_SECOND_SIGINT);
    }
    steps.state.stopping = true;
    const drainMs = signal === 'SIGTERM' ? options.drainMs : 0;
    const phases =
      drainMs > 0 ? `failing readiness for ${drainMs} ms, then finishing the requests in flight` : 'finishing the requests in flight';
    log.info(`${signal}: shutting down (${phases}; at most ${options.timeoutMs} ms; Ctrl-C again to exit at once)`);
    setTimeout(() => void giveUp(), options.timeoutMs);
    await sleep(drainMs);
    // Closing waits for every connection to end. A keep-alive connection whose request finishes
    // during the shutdown would otherwise stay open until the client drops it (up to 72 s).
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    try {
      await app.close();
      clearInterval(sweep);
      await steps.closeRest();
      process.exit(deadlinePassed ? EXIT_AFTER_DEADLINE : 0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}
