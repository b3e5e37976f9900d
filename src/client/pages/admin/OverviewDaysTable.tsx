// The overview's last 30 days as a table, newest first: the figures the charts draw, for anyone who
// would rather read them (and for screen readers, which hear the charts as one sentence each).
import { formatDay } from '../../../shared/dates';
import { formatDollars } from '../../../shared/money';
import type { RouterOutputs } from '../../lib/trpc';

type Day = RouterOutputs['overview']['summary']['days'][number];

/** A day's figures, in column order: one list, so a heading always stands over its own figure. */
const figures: { heading: string; of: (day: Day) => string | number }[] = [
  { heading: 'Bookings', of: (day) => day.bookings.count },
  { heading: 'Booked', of: (day) => formatDollars(day.bookings.total) },
  { heading: 'Payments', of: (day) => day.paid.count },
  { heading: 'Paid', of: (day) => formatDollars(day.paid.total) },
];

export function OverviewDaysTable({ days }: { days: Day[] }) {
  return (
    <details className="rounded-box border border-base-300 bg-base-100">
      <summary className="cursor-pointer px-4 py-3 text-sm font-medium">Show the 30 days as a table</summary>
      <div className="overflow-x-auto px-2 pb-2">
        <table className="table table-sm">
          <caption className="sr-only">Bookings and paid revenue per day, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {figures.map(({ heading }) => (
                <th key={heading} scope="col" className="text-right">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row" className="font-normal whitespace-nowrap">
                  <time dateTime={day.day}>{formatDay(day.day)}</time>
                </th>
                {figures.map(({ heading, of }) => (
                  <td key={heading} className="text-right tabular-nums">
                    {of(day)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
