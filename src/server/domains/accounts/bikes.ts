// A customer's saved bikes: listed, added, changed and removed by their owner only. Another
// customer's bike is NOT_FOUND, as if it did not exist, so ids tell nobody whose bikes are whose.
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq } from 'drizzle-orm';
import type { BikeSpec } from '../../../shared/bike-standards';
import { BIKES_MAX, type UpdateBikeInput } from '../../../shared/bikes';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/database';
import { bikes, users } from '../../db/schema';

export interface BikeView {
  id: string;
  name: string;
  standards: BikeSpec;
}

const bikeColumns = { id: bikes.id, name: bikes.name, standards: bikes.standards };

interface Owner {
  id: string;
}

/** The owner's bikes, oldest first, as the profile and the catalogue's bike chooser list them. */
export function listBikes(db: Database, owner: Owner): Promise<BikeView[]> {
  return db.select(bikeColumns).from(bikes).where(eq(bikes.userId, owner.id)).orderBy(asc(bikes.createdAt), asc(bikes.id));
}

/**
 * Saves a new bike. The owner's row is locked while the bikes are counted, so two saves at once
 * (two tabs, two server processes) take turns and the limit holds.
 */
export async function createBike(db: Database, owner: Owner, input: { name: string; standards: BikeSpec }): Promise<BikeView> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for('update');
    const [saved] = await tx.select({ bikes: count() }).from(bikes).where(eq(bikes.userId, owner.id));
    if ((saved?.bikes ?? 0) >= BIKES_MAX) throw new TRPCError({ code: 'CONFLICT', message: messages.tooManyBikes(BIKES_MAX) });
    const [row] = await tx
      .insert(bikes)
      .values({ userId: owner.id, name: input.name, standards: input.standards })
      .returning(bikeColumns);
    if (!row) throw new Error('Inserting a bike returned no row');
    return row;
  });
}

export async function updateBike(db: Database, owner: Owner, input: UpdateBikeInput): Promise<BikeView> {
  const [row] = await db
    .update(bikes)
    .set({ name: input.name, standards: input.standards })
    .where(and(eq(bikes.id, input.id), eq(bikes.userId, owner.id)))
    .returning(bikeColumns);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.bikeNotFound });
  return row;
}

export async function removeBike(db: Database, owner: Owner, id: string): Promise<void> {
  const [row] = await db
    .delete(bikes)
    .where(and(eq(bikes.id, id), eq(bikes.userId, owner.id)))
    .returning({ id: bikes.id });
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.bikeNotFound });
}
