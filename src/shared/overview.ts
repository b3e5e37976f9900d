// The admin overview and the orders export: calendar dates in the shop's time zone, and the export's
// date range, checked alike by the browser's form and the server.
import { z } from 'zod';
import { messages } from './messages';

/** The longest range one export may cover, so one download stays a bounded amount of work. */
const MAX_EXPORT_DAYS = 366;

/** Days the overview's chart shows, today included. */
export const OVERVIEW_CHART_DAYS = 30;

const MS_PER_DAY = 86_400_000;

/** True for a real calendar date written YYYY-MM-DD (not 2026-02-30): it reads back as itself. */
function isCalendarDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The calendar date `days` after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Whole days from one calendar date to another (0 for the same day). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / MS_PER_DAY);
}

/** The calendar date an instant falls on in a time zone, YYYY-MM-DD. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    instant,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The days an export may name. Orders are placed in this millennium; the bound also keeps every
 * day, and the day after the last, a four-digit year that JavaScript and Postgres both read (year
 * 0 and year 10000 are not).
 */
export const EXPORT_DAYS = { first: '2000-01-01', last: '2999-12-31' } as const;

const calendarDate = z
  .string({ error: messages.exportDateInvalid })
  .refine(isCalendarDate, { error: messages.exportDateInvalid, abort: true })
  .refine((day) => day >= EXPORT_DAYS.first && day <= EXPORT_DAYS.last, messages.exportDateOutOfRange);

/** Orders created from the first day to the last, both included, in the shop's time zone. */
export const orderExportRangeSchema = z
  .object({ from: calendarDate, to: calendarDate })
  .refine(({ from, to }) => daysBetween(from, to) >= 0, { error: messages.exportRangeReversed, path: ['to'] })
  .refine(({ from, to }) => daysBetween(from, to) < MAX_EXPORT_DAYS, { error: messages.exportRangeTooLong, path: ['to'] });
export type OrderExportRange = z.infer<typeof orderExportRangeSchema>;
