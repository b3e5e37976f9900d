// Test support for the reliability suites: customers booking over real HTTP (REST or tRPC, as the
// browser would), the stock a part has left, and the check that every accepted booking is backed by stock.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { messages } from '../../shared/messages';
import type { Database } from '../db/database';
import { bookings, tools } from '../db/schema';
import { form } from './payments';

export type Via = 'rest' | 'trpc';

export type BookingAttempt =
  { outcome: 'booked'; quantity: number; id: string } | { outcome: 'refused'; quantity: number; status: number; message: string };

/** Books through POST /booking or the tRPC mutation, and says what the customer was told. */
export async function bookOverHttp(
  baseUrl: string,
  token: string,
  request: { toolId: string; quantity: number; via: Via },
): Promise<BookingAttempt> {
  const path = request.via === 'rest' ? '/booking' : '/trpc/bookings.create';
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ toolsId: request.toolId, amount: request.quantity, ...form }),
  });
  const body = (await response.json()) as {
    _id?: string;
    result?: { data: { _id: string } };
    error?: { message: string };
  };
  if (response.ok) {
    const id = request.via === 'rest' ? body._id : body.result?.data._id;
    if (!id) throw new Error(`a ${response.status} without a booking: ${JSON.stringify(body)}`);
    return { outcome: 'booked', quantity: request.quantity, id };
  }
  return { outcome: 'refused', quantity: request.quantity, status: response.status, message: body.error?.message ?? '' };
}

export async function stockOf(db: Database, toolId: string): Promise<number> {
  const [row] = await db.select({ available: tools.available }).from(tools).where(eq(tools.id, toolId));
  if (!row) throw new Error(`no part ${toolId}`);
  return row.available;
}

/** How many units the out-of-stock message says were left. */
function unitsLeftIn(message: string): number {
  if (message === messages.outOfStock(0)) return 0;
  const match = /^Sorry, only (\d+) left in stock\.$/.exec(message);
  if (!match?.[1]) throw new Error(`not an out-of-stock message: ${message}`);
  return Number(match[1]);
}

/**
 * After customers raced for one part (no cancels): stock never negative, the bookings in the
 * database are exactly the accepted ones, their quantities add up to the stock taken, and every
 * refusal is a 409 saying how few were left, given only when fewer were left than asked for.
 */
export async function expectEveryBookingBackedByStock(
  db: Database,
  toolId: string,
  initialStock: number,
  attempts: BookingAttempt[],
): Promise<{ booked: number; refused: number; finalStock: number }> {
  const finalStock = await stockOf(db, toolId);
  expect(finalStock).toBeGreaterThanOrEqual(0);

  const booked = attempts.filter((attempt) => attempt.outcome === 'booked');
  const refused = attempts.filter((attempt) => attempt.outcome === 'refused');
  for (const refusal of refused) {
    expect(refusal).toMatchObject({ status: 409 });
    expect(unitsLeftIn(refusal.message)).toBeLessThan(refusal.quantity);
    expect(refusal.quantity).toBeGreaterThan(finalStock);
  }
  expect(booked.reduce((sum, attempt) => sum + attempt.quantity, 0)).toBe(initialStock - finalStock);

  const rows = await db.select({ id: bookings.id, quantity: bookings.quantity }).from(bookings).where(eq(bookings.toolId, toolId));
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  expect(rows.sort(byId)).toEqual(booked.map(({ id, quantity }) => ({ id, quantity })).sort(byId));
  return { booked: booked.length, refused: refused.length, finalStock };
}
