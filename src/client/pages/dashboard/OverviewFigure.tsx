// One figure of the overview: what it counts, the amount, and the number of orders behind it.
export function OverviewFigure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="flex flex-col rounded-box border border-base-300 bg-base-100 p-4">
      <dt className="text-sm font-medium text-base-content/70">{label}</dt>
      <dd className="order-last text-sm text-base-content/70">{detail}</dd>
      <dd className="text-2xl font-bold tracking-tight">{value}</dd>
    </div>
  );
}
