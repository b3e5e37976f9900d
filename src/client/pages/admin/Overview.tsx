// Overview (admin): the shop's figures from the database — bookings and paid revenue today and this
// month, the unpaid holds, the parts that cannot be booked, the last 30 days as charts and a table —
// and the orders export. Days are the shop's calendar days (SHOP_TIME_ZONE).
import { formatDayAndTime } from '../../../shared/dates';
import { formatDollars } from '../../../shared/money';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { DailyChart } from './DailyChart';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { LowStockList } from './LowStockList';
import { OrdersExportForm } from './OrdersExportForm';
import { OverviewDaysTable } from './OverviewDaysTable';
import { OverviewFigure } from './OverviewFigure';

const orders = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

export default function Overview() {
  const overview = trpc.overview.summary.useQuery();

  return (
    <section>
      <PageTitle title="Overview" />
      <DashboardHeading title="Overview">How the shop is doing, from its orders and stock.</DashboardHeading>
      {overview.isPending ? (
        <Spinner label="Loading the overview…" />
      ) : overview.isError ? (
        <LoadFailure message={overview.error.message} onRetry={() => void overview.refetch()} />
      ) : (
        <div className="flex flex-col gap-6">
          <p className="text-sm text-base-content/70">
            Days run midnight to midnight in the shop’s time zone, {overview.data.timeZone}.
          </p>
          <dl className="grid grid-cols-2 gap-3 sm:gap-4">
            <OrdersFigure label="Booked today" sum={overview.data.bookings.today} />
            <OrdersFigure label="Booked this month" sum={overview.data.bookings.month} />
            <OrdersFigure label="Paid today" sum={overview.data.paid.today} />
            <OrdersFigure label="Paid this month" sum={overview.data.paid.month} />
            <OverviewFigure
              wide
              label="Unpaid holds"
              value={formatDollars(overview.data.unpaidHolds.total)}
              detail={
                overview.data.unpaidHolds.oldestAt
                  ? `${orders(overview.data.unpaidHolds.count)}, the oldest since ${formatDayAndTime(overview.data.unpaidHolds.oldestAt)}`
                  : 'none'
              }
            />
          </dl>
          <p className="-mt-3 text-xs text-base-content/70">
            Booked counts the orders placed that stand (cancelled and expired ones are left out); paid counts payments by the day they
            came in.
          </p>

          <section aria-labelledby="overview-days-heading" className="flex flex-col gap-4">
            <h2 id="overview-days-heading" className="text-lg font-semibold">
              The last 30 days
            </h2>
            <div className="grid gap-4 lg:grid-cols-2">
              <DailyChart
                title="Paid revenue per day"
                days={overview.data.days.map((day) => ({ day: day.day, value: day.paid.total }))}
                format={formatDollars}
              />
              <DailyChart
                title="Bookings per day"
                days={overview.data.days.map((day) => ({ day: day.day, value: day.bookings.count }))}
                format={orders}
              />
            </div>
            <OverviewDaysTable days={overview.data.days} />
          </section>

          <LowStockList count={overview.data.lowStock.count} parts={overview.data.lowStock.parts} />

          <OrdersExportForm today={overview.data.today} timeZone={overview.data.timeZone} />
        </div>
      )}
    </section>
  );
}

/** A figure that is a sum of orders: the amount, and how many orders make it. */
function OrdersFigure({ label, sum }: { label: string; sum: { total: number; count: number } }) {
  return <OverviewFigure label={label} value={formatDollars(sum.total)} detail={orders(sum.count)} />;
}
