// The overview's last 30 days as a table, newest first: the figures the charts draw, for anyone who
// would rather read them (and for screen readers, which hear the charts as one sentence each).
import { formatDay } from '../../../shared/dates';
import { formatDollars } from '../../../shared/money';
import type { RouterOutputs } from '../../lib/trpc';

type Day = RouterOutputs['overview']['summary']['days'][number];

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
              <th scope="col" className="text-right">
                Bookings
              </th>
              <th scope="col" className="text-right">
                Booked
              </th>
              <th scope="col" className="text-right">
                Payments
              </th>
              <th scope="col" className="text-right">
                Paid
              </th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row" className="font-normal whitespace-nowrap">
                  <time dateTime={day.day}>{formatDay(day.day)}</time>
                </th>
                <td className="text-right tabular-nums">{day.bookings.count}</td>
                <td className="text-right tabular-nums">{formatDollars(day.bookings.total)}</td>
                <td className="text-right tabular-nums">{day.paid.count}</td>
                <td className="text-right tabular-nums">{formatDollars(day.paid.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
