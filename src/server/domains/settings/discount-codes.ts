// Discount codes for admins: listed with how often each is used, created, edited (every field) and
// deactivated or activated again, audited. A code is unique in upper case; a deactivated code
// stays listed with its uses, so past orders keep naming it.
import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { DiscountCodeFields } from '../../../shared/shop-settings';
import type { Database } from '../../db/database';
import { discountCodes, discountUses } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { AdminActor } from './admin-actor';
import {
  describeDiscountCode,
  discountCodeColumns,
  storedDiscountFields,
  toDiscountCodeView,
  type DiscountCodeView,
  type DiscountUseCounts,
} from './discount-code-views';
import { isUniqueViolation } from './unique-violation';

type Executor = Pick<Database, 'select'>;

/** Held and spent uses per code; released uses no longer count. */
async function useCounts(db: Executor, codeIds: string[]): Promise<Map<string, DiscountUseCounts>> {
  const counts = new Map<string, DiscountUseCounts>();
  if (codeIds.length === 0) return counts;
  const rows = await db
    .select({ codeId: discountUses.codeId, status: discountUses.status, uses: count() })
    .from(discountUses)
    .where(and(inArray(discountUses.codeId, codeIds), inArray(discountUses.status, ['held', 'spent'])))
    .groupBy(discountUses.codeId, discountUses.status);
  for (const row of rows) {
    const tally = counts.get(row.codeId) ?? { held: 0, spent: 0 };
    if (row.status === 'held') tally.held = row.uses;
    else tally.spent = row.uses;
    counts.set(row.codeId, tally);
  }
  return counts;
}

const noUses: DiscountUseCounts = { held: 0, spent: 0 };

/** Every code, by code, with its held and spent uses. */
export async function listDiscountCodes(db: Database): Promise<DiscountCodeView[]> {
  const rows = await db.select(discountCodeColumns).from(discountCodes).orderBy(asc(discountCodes.code));
  const counts = await useCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toDiscountCodeView(row, counts.get(row.id) ?? noUses));
}

/** A new active code; a code that already exists, in any case, is refused with CONFLICT. */
export async function createDiscountCode(db: Database, actor: AdminActor, fields: DiscountCodeFields): Promise<DiscountCodeView> {
  return refusingTakenCode(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(discountCodes)
        .values(storedDiscountFields(fields))
        .onConflictDoNothing()
        .returning(discountCodeColumns);
      if (!row) throw takenCode();
      const view = toDiscountCodeView(row, noUses);
      await recordAudit(tx, actor, 'discount_code.create', `${describeDiscountCode(view)} (${view.id})`);
      return view;
    }),
  );
}

/**
 * Saves every field of the code. Its uses stay counted against the new limits: lowering a limit
 * below the uses so far stops new uses, it takes none back.
 */
export async function editDiscountCode(
  db: Database,
  actor: AdminActor,
  id: string,
  fields: DiscountCodeFields,
): Promise<DiscountCodeView> {
  return refusingTakenCode(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select(discountCodeColumns).from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      if (!before) throw new TRPCError({ code: 'NOT_FOUND', message: messages.discountCodeNotFound });
      const [taken] = await tx
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(and(eq(discountCodes.code, fields.code), ne(discountCodes.id, id)));
      if (taken) throw takenCode();
      const [row] = await tx
        .update(discountCodes)
        .set(storedDiscountFields(fields))
        .where(eq(discountCodes.id, id))
        .returning(discountCodeColumns);
      // Stryker disable next-line ConditionalExpression,StringLiteral: the row is locked since it was read; this only narrows the type
      if (!row) throw new Error('The discount code changed while it was locked for an edit');
      const uses = (await useCounts(tx, [id])).get(id) ?? noUses;
      const view = toDiscountCodeView(row, uses);
      const was = describeDiscountCode(toDiscountCodeView(before, uses));
      await recordAudit(tx, actor, 'discount_code.edit', `${id}: ${was} → ${describeDiscountCode(view)}`);
      return view;
    }),
  );
}

/** Stops the code from being used at checkout, or lets it be used again; uses so far stay. */
export async function setDiscountCodeActive(db: Database, actor: AdminActor, id: string, active: boolean): Promise<DiscountCodeView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(discountCodes).set({ active }).where(eq(discountCodes.id, id)).returning(discountCodeColumns);
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.discountCodeNotFound });
    await recordAudit(tx, actor, active ? 'discount_code.activate' : 'discount_code.deactivate', `${row.code} (${row.id})`);
    return toDiscountCodeView(row, (await useCounts(tx, [id])).get(id) ?? noUses);
  });
}

function takenCode(): TRPCError {
  return new TRPCError({ code: 'CONFLICT', message: messages.discountCodeTaken });
}

/** The check before the write cannot see a code saved in a transaction not yet committed; the unique index can. */
async function refusingTakenCode<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: messages.discountCodeTaken, cause: error });
    throw error;
  }
}
