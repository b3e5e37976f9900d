// Orders written straight into the database at chosen moments and states, for the suites about
// time (the overview's days and months, the export's date range), which cannot wait for a clock.
import { randomBytes } from 'node:crypto';
import { bookings } from '../db/schema';
import type { TestShop } from './test-shop';

export interface PlacedOrder {
  createdAt: Date;
  status?: 'unpaid' | 'paid' | 'shipped' | 'cancelled';
  paidAt?: Date;
  shippedAt?: Date;
  totalCents?: number;
  personName?: string;
  email?: string;
  phone?: string;
  address?: string;
  toolName?: string;
  cancelReason?: string;
}

/** An order of a fresh customer's part; paid and shipped ones get a transaction id. */
export async function placeOrder(shop: TestShop, order: PlacedOrder): Promise<{ id: string; seq: number }> {
  const customer = await shop.createUser('user');
  const part = await shop.createTool();
  const status = order.status ?? 'unpaid';
  const totalCents = order.totalCents ?? 25_00;
  const [row] = await shop.database.db
    .insert(bookings)
    .values({
      toolId: part.id,
      userId: customer.user.id,
      toolName: order.toolName ?? part.name,
      email: order.email ?? customer.user.email,
      personName: order.personName ?? 'Test customer',
      phone: order.phone ?? '555 0100',
      address: order.address ?? '1 Chainring Road',
      quantity: 1,
      unitPriceCents: totalCents,
      totalCents,
      status,
      transactionId: status === 'paid' || status === 'shipped' ? `pi_test_${randomBytes(6).toString('hex')}` : null,
      paidAt: order.paidAt ?? null,
      shippedAt: order.shippedAt ?? null,
      cancelledAt: status === 'cancelled' ? order.createdAt : null,
      cancelReason: order.cancelReason ?? (status === 'cancelled' ? 'customer' : null),
      createdAt: order.createdAt,
    })
    .returning({ id: bookings.id, seq: bookings.seq });
  if (!row) throw new Error('could not place a test order');
  return row;
}
