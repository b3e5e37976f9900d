// Dates as the shop shows them to people: the same words on every page, receipt and email.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** "Nov 24, 2026": the day of an ISO date, in UTC so every reader sees the same day. */
export function formatDay(iso: string): string {
  return day.format(new Date(iso));
}

/** "Nov 24, 2026, 7:05 AM UTC". */
export function formatDayAndTime(iso: string): string {
  return `${dayAndTime.format(new Date(iso))} UTC`;
}
