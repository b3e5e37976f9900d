// One numbered step of the checkout page: a card with its heading.
import type { ReactNode } from 'react';

export function CheckoutStep({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`checkout-step-${number}`} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id={`checkout-step-${number}`} className="card-title text-lg">
          <span className="badge badge-primary badge-lg" aria-hidden="true">
            {number}
          </span>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
