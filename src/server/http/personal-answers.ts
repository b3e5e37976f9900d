// Which answers to a signed-in customer's own reads may be kept, and under whose key. The key is
// looked up only after the session is checked (the caller's row is read on every request), and it
// names the customer and the version of what the answer shows: a customer's orders page is a
// read-cache value keyed by their orders version (routers/bookings.ts), and such a value stays
// held after a newer version replaces it, so the version belongs in this key too. A write to any
// of their bookings, in any process, moves the version, and the next request misses.
import type { Context } from '../context';

/** Distinct answers kept (customers × pages); the oldest goes first. */
export const MAX_PERSONAL_ANSWERS = 1_000;

/** Reads whose answer depends only on their input, the caller and the caller's orders version. */
const ORDERS_READS = new Set(['bookings.mine']);

export function personalAnswerKey(paths: readonly string[], ctx: Context): string | undefined {
  if (!ctx.user || !paths.every((path) => ORDERS_READS.has(path))) return undefined;
  return `${ctx.user.id}:${ctx.user.ordersVersion}`;
}
