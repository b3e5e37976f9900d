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
import { DashboardHeading } from './DashboardHeading';
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
            <OverviewFigure
              label="Booked today"
              value={formatDollars(overview.data.bookings.today.total)}
              detail={orders(overview.data.bookings.today.count)}
            />
            <OverviewFigure
              label="Booked this month"
              value={formatDollars(overview.data.bookings.month.total)}
              detail={orders(overview.data.bookings.month.count)}
            />
            <OverviewFigure
              label="Paid today"
              value={formatDollars(overview.data.paid.today.total)}
              detail={orders(overview.data.paid.today.count)}
            />
            <OverviewFigure
              label="Paid this month"
              value={formatDollars(overview.data.paid.month.total)}
              detail={orders(overview.data.paid.month.count)}
            />
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
