// The summary statistics block on home; the figures are hard-coded (SPEC.md §9).
import { DollarSign, Star, Users, Wrench, type LucideIcon } from 'lucide-react';

interface Statistic {
  icon: LucideIcon;
  figure: string;
  label: string;
}

const statistics: readonly Statistic[] = [
  { icon: Users, figure: '100+', label: 'Customers served' },
  { icon: DollarSign, figure: '$120M+', label: 'Annual revenue' },
  { icon: Star, figure: '33K+', label: 'Reviews' },
  { icon: Wrench, figure: '50+', label: 'Parts' },
];

export function SummaryStats() {
  return (
    <section aria-labelledby="stats-heading" className="bg-neutral text-neutral-content">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="stats-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          Millions of riders trust our parts
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-neutral-content/80">Sprocket in numbers, this year.</p>
        <dl className="mt-10 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {statistics.map(({ icon: Icon, figure, label }) => (
            <div key={label} className="flex flex-col items-center gap-2 rounded-2xl bg-white/5 px-4 py-6 text-center">
              <dt className="order-last text-sm text-neutral-content/80">{label}</dt>
              <dd className="flex flex-col items-center gap-2 text-3xl font-extrabold sm:text-4xl">
                <Icon className="h-8 w-8 text-accent" aria-hidden="true" />
                {figure}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
