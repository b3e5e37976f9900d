// Per-client budgets for the calls worth abusing: session exchanges per client IP (guessing and
// replaying sign-ins) and bookings per user (holding the whole stock). Counted in this process's
// memory with a fixed window per key; several processes behind a load balancer each keep their own
// count, so the shop-wide budget is the per-process one times the number of processes. Like the
// session checks beside it, a budget decides whether a caller may call: the procedures consult it
// (trpc.ts), the HTTP layer keeps one per process (http/security.ts).

export type RateLimitName = 'sessionExchange' | 'bookingCreate';

interface RateLimitRule {
  /** Calls allowed per window and key. */
  max: number;
  windowSeconds: number;
}

export type RateLimitRules = Readonly<Record<RateLimitName, RateLimitRule>>;

/** Who a budget belongs to: the caller's IP address, or the signed-in user. */
export const rateLimitKeys: Readonly<Record<RateLimitName, 'ip' | 'user'>> = {
  sessionExchange: 'ip',
  bookingCreate: 'user',
};

export interface RateLimits {
  /** Counts one call for `key`; false when its budget for this window is spent. */
  take: (name: RateLimitName, key: string) => boolean;
}

interface Window {
  count: number;
  endsAt: number;
}

export function createRateLimits(rules: RateLimitRules, now: () => number = Date.now): RateLimits {
  const windows = new Map<string, Window>();
  const longestWindowMs = Math.max(...Object.values(rules).map((rule) => rule.windowSeconds * 1000));
  let nextSweepAt = now() + longestWindowMs;

  /** Forgets finished windows, so memory follows the clients of the last window only. */
  const sweep = (at: number) => {
    for (const [key, window] of windows) if (window.endsAt <= at) windows.delete(key);
    nextSweepAt = at + longestWindowMs;
  };

  return {
    take(name, key) {
      const at = now();
      if (at >= nextSweepAt) sweep(at);
      const rule = rules[name];
      const id = `${name}\u0000${key}`;
      const current = windows.get(id);
      if (!current || current.endsAt <= at) {
        windows.set(id, { count: 1, endsAt: at + rule.windowSeconds * 1000 });
        return rule.max >= 1;
      }
      current.count += 1;
      return current.count <= rule.max;
    },
  };
}
