// The one shape of the shop's background jobs (hold expiry, the email and webhook senders, the
// session check): a pass every so often, never two at once, on a timer that never keeps the process
// alive, and a stop that waits for the pass in progress so nothing is cut off mid-write.

export interface RepeatingJob {
  /** Stops the timer and waits for a pass in progress. */
  stop: () => Promise<void>;
}

export interface RepeatingJobOptions {
  everyMs: number;
  /** Whether the first pass runs at once rather than after `everyMs`. */
  runAtStart: boolean;
}

/**
 * Runs `pass` every `everyMs`. A slow pass (a slow provider) is never overlapped by the next; the
 * timer is skipped meanwhile. A pass that works through a backlog in several rounds asks
 * `stopping()` between them, so a stop waits for one round, not the whole backlog. A pass handles
 * and logs its own failures: a rejection here would go unheard.
 */
export function startRepeatingJob(pass: (stopping: () => boolean) => Promise<void>, options: RepeatingJobOptions): RepeatingJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const stopping = () => stopped;
  const run = () => {
    running ??= pass(stopping).finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  if (options.runAtStart) run();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
