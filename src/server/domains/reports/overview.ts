// The admin overview: bookings and paid revenue today, this month and per day for the chart, the
// unpaid holds, and the parts that cannot be booked because their stock is below their minimum
// order. Days are calendar days in the shop's time zone (SHOP_TIME_ZONE). Each figure is summed
// from an index alone (bookings_created_seq_status_total, bookings_paid_status_total,
// bookings_unpaid_created, tools_below_minimum), so the page costs four index scans however many
// orders the shop has taken before the window (docs/decisions/0025).
import { and, asc, count, eq, gte, inArray, isNull, lt, min, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { centsToDollars } from '../../../shared/money';
import { addDays, calendarDateIn, OVERVIEW_CHART_DAYS } from '../../../shared/overview';
import type { Database } from '../../db/database';
import { bookings, tools } from '../../db/schema';

/** Parts listed as below their minimum order; the rest are counted, not listed. */
const LOW_STOCK_LISTED = 20;

interface Figure {
  count: number;
  /** In dollars. */
  total: number;
}

interface OverviewDay {
  /** The calendar date in the shop's time zone, YYYY-MM-DD. */
  day: string;
  bookings: Figure;
  paid: Figure;
}

interface LowStockPart {
  _id: string;
  name: string;
  available: number;
  minimumOrderQuantity: number;
  hidden: boolean;
}

export interface ShopOverview {
  timeZone: string;
  /** Today's date in the shop's time zone. */
  today: string;
  /** Orders placed that stand (unpaid, paid or shipped; cancelled and expired ones left out). */
  bookings: { today: Figure; month: Figure };
  /** Payments received, by when they were received. */
  paid: { today: Figure; month: Figure };
  unpaidHolds: Figure & { oldestAt: string | null };
  lowStock: { count: number; parts: LowStockPart[] };
  /** The last OVERVIEW_CHART_DAYS days, oldest first, today last; days without orders are zeros. */
  days: OverviewDay[];
}

interface DayTotals {
  day: string;
  count: number;
  cents: number;
}

/** Local midnight of a calendar date in the shop's time zone, as an instant. */
function startOfDay(date: string, timeZone: string): SQL {
  return sql`(${date}::timestamp at time zone ${timeZone})`;
}

/** Counts and sums of the rows whose `column` falls on each local day of [from, until). */
async function totalsPerDay(
  db: Database,
  column: AnyPgColumn,
  condition: SQL | undefined,
  range: { from: string; until: string; timeZone: string },
): Promise<Map<string, DayTotals>> {
  // Grouped by the local date itself, a third cheaper than by its text; only the days are then
  // written as text. By position: the day expression written again would carry its own time-zone
  // parameter, which Postgres does not take for the same expression.
  const perDay = db
    .select({
      day: sql<string>`(${column} at time zone ${range.timeZone})::date`.as('day'),
      count: sql<number>`count(*)::int`.as('count'),
      cents: sql<number>`coalesce(sum(${bookings.totalCents}), 0)::bigint`.as('cents'),
    })
    .from(bookings)
    .where(and(gte(column, startOfDay(range.from, range.timeZone)), lt(column, startOfDay(range.until, range.timeZone)), condition))
    .groupBy(sql`1`)
    .as('per_day');
  const rows = await db
    .select({
      day: sql<string>`to_char(${perDay.day}, 'YYYY-MM-DD')`,
      count: perDay.count,
      cents: sql<number>`${perDay.cents}`.mapWith(Number),
    })
    .from(perDay);
  return new Map(rows.map((row) => [row.day, row]));
}

function figureOf(totals: Iterable<DayTotals | undefined>): Figure {
  let found = 0;
  let cents = 0;
  for (const day of totals) {
    found += day?.count ?? 0;
    cents += day?.cents ?? 0;
  }
  return { count: found, total: centsToDollars(cents) };
}

export async function shopOverview(db: Database, { timeZone, now }: { timeZone: string; now: Date }): Promise<ShopOverview> {
  const today = calendarDateIn(now, timeZone);
  const monthStart = `${today.slice(0, 8)}01`;
  const chartStart = addDays(today, 1 - OVERVIEW_CHART_DAYS);
  // Stryker disable next-line EqualityOperator: when the two dates are equal either is the start
  const range = { from: monthStart < chartStart ? monthStart : chartStart, until: addDays(today, 1), timeZone };

  const [booked, paid, [holds], belowMinimum, [belowMinimumCount]] = await Promise.all([
    totalsPerDay(db, bookings.createdAt, ne(bookings.status, 'cancelled'), range),
    totalsPerDay(db, bookings.paidAt, inArray(bookings.status, ['paid', 'shipped']), range),
    db
      .select({
        count: count(),
        cents: sql<number>`coalesce(sum(${bookings.totalCents}), 0)::bigint`.mapWith(Number),
        oldestAt: min(bookings.createdAt),
      })
      .from(bookings)
      .where(eq(bookings.status, 'unpaid')),
    db
      .select({
        id: tools.id,
        name: tools.name,
        available: tools.available,
        minimumOrderQuantity: tools.minimumOrderQuantity,
        hidden: tools.hidden,
      })
      .from(tools)
      .where(and(lt(tools.available, tools.minimumOrderQuantity), isNull(tools.removedAt)))
      .orderBy(asc(tools.available), asc(tools.seq))
      .limit(LOW_STOCK_LISTED),
    db
      .select({ count: count() })
      .from(tools)
      .where(and(lt(tools.available, tools.minimumOrderQuantity), isNull(tools.removedAt))),
  ]);

  const monthDays = (totals: Map<string, DayTotals>) => [...totals.values()].filter((day) => day.day >= monthStart);
  const days = Array.from({ length: OVERVIEW_CHART_DAYS }, (_, index) => {
    const day = addDays(chartStart, index);
    return { day, bookings: figureOf([booked.get(day)]), paid: figureOf([paid.get(day)]) };
  });

  return {
    timeZone,
    today,
    bookings: { today: figureOf([booked.get(today)]), month: figureOf(monthDays(booked)) },
    paid: { today: figureOf([paid.get(today)]), month: figureOf(monthDays(paid)) },
    // Stryker disable OptionalChaining: an aggregate without GROUP BY answers one row, so `holds` and `belowMinimumCount` are always there; the fallbacks only satisfy the types
    unpaidHolds: {
      count: holds?.count ?? 0,
      total: centsToDollars(holds?.cents ?? 0),
      oldestAt: holds?.oldestAt ? new Date(holds.oldestAt).toISOString() : null,
    },
    lowStock: {
      count: belowMinimumCount?.count ?? 0,
      // Stryker restore OptionalChaining
      parts: belowMinimum.map(({ id, ...part }) => ({ _id: id, ...part })),
    },
    days,
  };
}
