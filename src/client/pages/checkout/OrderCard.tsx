// A daisyUI card around one part of an order page.
import type { ReactNode } from 'react';

export function OrderCard({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section aria-label={label} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-6">{children}</div>
    </section>
  );
}
