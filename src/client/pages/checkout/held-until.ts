// The end of an order's hold as the customer reads it: the time on their own clock, with the date
// when the hold does not end today.

const timeOfDay = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayOfMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

function sameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** "14:05" today, "Nov 27, 14:05" on another day, in the browser's time zone. */
export function formatHeldUntil(iso: string, now: Date = new Date()): string {
  const deadline = new Date(iso);
  const time = timeOfDay.format(deadline);
  return sameLocalDay(deadline, now) ? time : `${dayOfMonth.format(deadline)}, ${time}`;
}

export function holdHasEnded(iso: string, now: Date = new Date()): boolean {
  return new Date(iso).getTime() <= now.getTime();
}
