// One figure of the overview: what it counts, the amount, and the number of orders behind it.
interface OverviewFigureProps {
  label: string;
  value: string;
  detail: string;
  /** Across the whole row, for the figure that needs a longer line. */
  wide?: boolean;
}

export function OverviewFigure({ label, value, detail, wide = false }: OverviewFigureProps) {
  return (
    <div className={`flex min-w-0 flex-col rounded-box border border-base-300 bg-base-100 p-3 sm:p-4 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-sm font-medium text-base-content/70">{label}</dt>
      <dd className="order-last text-sm text-base-content/70">{detail}</dd>
      <dd className="text-xl font-bold tracking-tight break-words tabular-nums sm:text-2xl">{value}</dd>
    </div>
  );
}
