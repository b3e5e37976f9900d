// A progress bar on home: how far along this season's production runs are.

interface ProductionRun {
  label: string;
  percent: number;
}

const productionRuns: readonly ProductionRun[] = [
  { label: 'Spring orders shipped', percent: 86 },
  { label: 'New derailleur line tooled', percent: 64 },
  { label: 'Workshop switched to solar power', percent: 42 },
];

export function ProductionProgress() {
  return (
    <section aria-labelledby="progress-heading" className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <h2 id="progress-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
        This season at the works
      </h2>
      <ul className="mt-8 space-y-6">
        {productionRuns.map(({ label, percent }, index) => (
          <li key={label}>
            <div className="mb-2 flex justify-between text-sm font-medium">
              <span id={`progress-${index}`}>{label}</span>
              <span>{percent}%</span>
            </div>
            <progress
              className="progress progress-primary h-3 w-full"
              value={percent}
              max={100}
              aria-labelledby={`progress-${index}`}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
