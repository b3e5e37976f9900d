// A part's compatibility: the catalogue filter "fits this bike" in SQL, and a listed part's
// compatibility for its page. The rule itself is fitOf in src/shared/bike-standards.ts; the SQL here
// says the same, standard by standard, so the filter reads only the row it tests (no join, no
// subquery): docs/decisions/0048.
import { TRPCError } from '@trpc/server';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { standardIds, type BikeSpec, type Compatibility } from '../../../shared/bike-standards';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/database';
import { tools } from '../../db/schema';
import { listed } from './part-views';

/**
 * Parts that fit the bike: for each standard, a part that names it must list the bike's value, and
 * a part naming a standard the bike leaves unknown is left out ("cannot say" is not "fits").
 */
export function fitsBike(bike: BikeSpec): SQL {
  const named = (standard: string) => sql`${tools.compatibility} ? ${standard}::text`;
  const unknown = standardIds.filter((standard) => bike[standard] === undefined);
  const terms = standardIds
    .filter((standard) => bike[standard] !== undefined)
    .map(
      (standard) => sql`(not ${named(standard)} or ${tools.compatibility} -> ${standard}::text ? ${bike[standard] as string}::text)`,
    );
  if (unknown.length > 0) terms.push(sql`not (${tools.compatibility} ?| ${`{${unknown.join(',')}}`}::text[])`);
  return and(...terms)!;
}

/** The standards a part on sale depends on; a hidden or retired one is NOT_FOUND, as its page is. */
export async function compatibilityOfPart(db: Database, partId: string): Promise<Compatibility> {
  const [part] = await db
    .select({ compatibility: tools.compatibility })
    .from(tools)
    .where(and(eq(tools.id, partId), listed));
  if (!part) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
  return part.compatibility;
}
