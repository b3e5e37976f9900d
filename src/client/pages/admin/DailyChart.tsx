// One figure per day as bars, for the overview's last 30 days: an SVG drawn in percentages so it
// fits any width, read by screen readers as one summary sentence; the figures themselves are in
// the table that follows it (OverviewDaysTable).
import { formatDay } from '../../../shared/dates';

interface DailyChartProps {
  title: string;
  days: Array<{ day: string; value: number }>;
  format: (value: number) => string;
}

const HEIGHT = 96;

export function DailyChart({ title, days, format }: DailyChartProps) {
  const highest = Math.max(0, ...days.map((entry) => entry.value));
  const total = days.reduce((sum, entry) => sum + entry.value, 0);
  const slot = 100 / Math.max(days.length, 1);
  const first = days[0];
  const last = days.at(-1);
  const summary =
    first && last
      ? `${title} from ${formatDay(first.day)} to ${formatDay(last.day)}: ${format(total)} in all, at most ${format(highest)} a day.`
      : title;

  return (
    <figure className="rounded-box border border-base-300 bg-base-100 p-4">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
        <span className="font-semibold">{title}</span>
        <span className="text-base-content/70">highest day {format(highest)}</span>
      </figcaption>
      <svg role="img" aria-label={summary} width="100%" height={HEIGHT} className="mt-3 block text-primary">
        <line x1="0" x2="100%" y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-base-300" />
        {days.map((entry, index) => {
          const height = highest === 0 ? 0 : Math.max((entry.value / highest) * (HEIGHT - 4), entry.value > 0 ? 2 : 0);
          return (
            <rect
              key={entry.day}
              x={`${index * slot + slot * 0.15}%`}
              width={`${slot * 0.7}%`}
              y={HEIGHT - 1 - height}
              height={height}
              rx="1.5"
              className="fill-current"
            >
              <title>{`${formatDay(entry.day)}: ${format(entry.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last ? (
        <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-base-content/70">
          <span>{formatDay(first.day)}</span>
          <span>{formatDay(last.day)}</span>
        </div>
      ) : null}
    </figure>
  );
}
