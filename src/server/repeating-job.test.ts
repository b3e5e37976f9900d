// The background jobs' one timer: passes at their interval, never two at once, and a stop that
// waits for the pass in progress and tells a long one to end.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRepeatingJob } from './repeating-job';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A pass that runs until `finish` is called, counting how many started and how many ran at once. */
function slowPasses() {
  let started = 0;
  let running = 0;
  let mostAtOnce = 0;
  let finish = () => {};
  const pass = () => {
    started += 1;
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    return new Promise<void>((resolve) => {
      finish = () => {
        running -= 1;
        resolve();
      };
    });
  };
  return { pass, finish: () => finish(), counts: () => ({ started, running, mostAtOnce }) };
}

describe('a repeating job', () => {
  it('runs a pass each interval, at once only when asked to', async () => {
    const passes: number[] = [];
    const later = startRepeatingJob(async () => void passes.push(Date.now()), { everyMs: 1_000, runAtStart: false });
    expect(passes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(passes).toHaveLength(3);
    await later.stop();

    const atOnce = startRepeatingJob(async () => void passes.push(Date.now()), { everyMs: 1_000, runAtStart: true });
    expect(passes).toHaveLength(4);
    await atOnce.stop();
  });

  it('skips the interval while a slow pass still runs, rather than starting a second', async () => {
    const slow = slowPasses();
    const job = startRepeatingJob(slow.pass, { everyMs: 1_000, runAtStart: true });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(slow.counts()).toEqual({ started: 1, running: 1, mostAtOnce: 1 });

    slow.finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(slow.counts()).toMatchObject({ started: 2, mostAtOnce: 1 });
    slow.finish();
    await job.stop();
  });

  it('stops only once the pass in progress has ended, telling it to stop, and runs no more', async () => {
    const slow = slowPasses();
    let toldToStop = false;
    const job = startRepeatingJob(
      async (stopping) => {
        await slow.pass();
        toldToStop = stopping();
      },
      { everyMs: 1_000, runAtStart: true },
    );
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);

    slow.finish();
    await stopping;
    expect(toldToStop).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(slow.counts().started).toBe(1);
  });
});
