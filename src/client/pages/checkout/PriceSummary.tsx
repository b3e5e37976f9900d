// The figures of a quote or a placed order, the same way everywhere: each line, the subtotal, the
// discount, shipping, the VAT line as the order is taxed, and the total.
import type { ReactNode } from 'react';
import { formatDollars } from '../../../shared/money';

/** What a quote and a placed order both carry (dollars, as the API gives them). */
interface PricedFigures {
  lines: ReadonlyArray<{ name: string; quantity: number; unitPrice: number; lineTotal: number }>;
  subtotal: number;
  discount: { code: string; amount: number } | null;
  /** None for a Book Now order, which charges no shipping. */
  shipping: { method: string; amount: number } | null;
  pricesIncludeTax: boolean;
  /** In percent (19, 25.5). */
  taxRate: number;
  tax: number;
  reverseCharge: boolean;
  total: number;
}

/** "Includes VAT 19%: $x" when prices include it, "VAT 19%: $x" when it is added, "VAT: reverse charge" for a business abroad. */
function vatLineOf(figures: Pick<PricedFigures, 'pricesIncludeTax' | 'taxRate' | 'tax' | 'reverseCharge'>): {
  label: string;
  amount: string;
} {
  if (figures.reverseCharge) return { label: 'VAT', amount: 'reverse charge' };
  const rate = `${figures.taxRate}%`;
  return figures.pricesIncludeTax
    ? { label: `Includes VAT ${rate}`, amount: formatDollars(figures.tax) }
    : { label: `VAT ${rate}`, amount: formatDollars(figures.tax) };
}

function FigureRow({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-base-300 pt-3 text-lg font-bold' : ''}`}>
      <dt className={strong ? '' : 'text-base-content/80'}>{label}:</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  );
}

interface PriceSummaryProps {
  figures: PricedFigures;
  title?: string;
  /** Shown under a line's quantity, e.g. its state on the order page. */
  lineNote?: (index: number) => ReactNode;
}

export function PriceSummary({ figures, title = 'Order summary', lineNote }: PriceSummaryProps) {
  const vat = vatLineOf(figures);
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      <ul className="divide-y divide-base-300">
        {figures.lines.map((line, index) => (
          <li key={`${line.name}-${index}`} className="flex items-baseline justify-between gap-4 py-2">
            <span className="min-w-0">
              <span className="block font-medium break-words">{line.name}</span>
              <span className="text-sm text-base-content/70">
                {line.quantity} × {formatDollars(line.unitPrice)}
              </span>
              {lineNote?.(index)}
            </span>
            <span className="tabular-nums">{formatDollars(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-1 border-t border-base-300 pt-3">
        <FigureRow label="Subtotal">{formatDollars(figures.subtotal)}</FigureRow>
        {figures.discount ? (
          <FigureRow label={`Discount (${figures.discount.code})`}>−{formatDollars(figures.discount.amount)}</FigureRow>
        ) : null}
        {figures.shipping ? (
          <FigureRow label={`Shipping, ${figures.shipping.method}`}>
            {figures.shipping.amount === 0 ? 'Free' : formatDollars(figures.shipping.amount)}
          </FigureRow>
        ) : null}
        <FigureRow label={vat.label}>{vat.amount}</FigureRow>
        <FigureRow label="Total" strong>
          {formatDollars(figures.total)}
        </FigureRow>
      </dl>
    </section>
  );
}
