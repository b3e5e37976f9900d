// One line of the cart: the part, its unit price (with the quantity break when one applies), a
// quantity stepper bounded by the minimum order and the stock, removal, the line total, and what
// changed since the part was added.
import { Minus, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { centsToDollars, formatDollars } from '../../../shared/money';
import type { Cart, CartLineView } from '../../cart/useCart';
import { PartImage } from '../../components/PartImage';
import { partPath } from '../../lib/part-path';
import { lineProblemMessage } from './line-problem';

/** Steps clicked in a row are sent as one change once the clicking pauses this long. */
const STEP_PAUSE_MS = 500;

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

function UnitPrice({ line }: { line: CartLineView }) {
  if (line.priceBreakFrom === null) return <span>{dollars(line.unitPriceCents)} each</span>;
  return (
    <span>
      <span className="font-medium text-success">
        {line.priceBreakFrom.toLocaleString('en-US')}+ units: {dollars(line.unitPriceCents)} each
      </span>{' '}
      <span className="text-base-content/60">(list price {dollars(line.listUnitPriceCents)})</span>
    </span>
  );
}

/** `cart` is the page's: its changes, so a row adds no second reader of the cart. */
export function CartLineRow({ line, cart }: { line: CartLineView; cart: Pick<Cart, 'setQuantity' | 'remove'> }) {
  const quantityId = useId();
  const problem = lineProblemMessage(line);
  const gone = line.problem === 'unavailable';
  /** What the customer typed or stepped to, until the cart has taken (or refused) it. */
  const [draft, setDraft] = useState<string | null>(null);
  const pendingStep = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pendingStep.current), []);

  const shown = draft ?? String(line.quantity);
  const current = Number(shown);

  async function commit(value: string) {
    clearTimeout(pendingStep.current);
    const quantity = Number(value);
    if (value.trim() !== '' && quantity !== line.quantity) {
      await cart.setQuantity({ toolId: line.toolId, quantity });
    }
    // Taken, the view shows the new quantity; refused (the toast says why), the one before.
    setDraft(null);
  }

  function step(by: number) {
    const next = String(current + by);
    setDraft(next);
    clearTimeout(pendingStep.current);
    pendingStep.current = setTimeout(() => void commit(next), STEP_PAUSE_MS);
  }

  // A variant's line leads to its part's page with the variant chosen (docs/decisions/0052).
  const lineLink = line.partId === line.toolId ? partPath(line.partId) : `${partPath(line.partId)}?variant=${line.toolId}`;
  return (
    <li className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:grid-cols-[5rem_1fr_auto]">
      {/* The same way to the part as its name's link: out of the tab order and hidden from screen readers. */}
      <Link
        to={lineLink}
        tabIndex={-1}
        aria-hidden="true"
        className="row-span-2 block aspect-square rounded-lg bg-base-200 sm:row-span-1"
      >
        <PartImage
          src={line.img}
          name={line.name}
          decorative
          className={`h-full w-full object-contain p-2 ${gone ? 'opacity-50' : ''}`}
        />
      </Link>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="font-semibold break-words">
          <Link to={lineLink} className="link-hover">
            {line.name}
          </Link>
        </h2>
        <p className="text-sm text-base-content/80">
          <UnitPrice line={line} />
        </p>
        {problem ? (
          <p role="alert" className="text-sm font-medium text-error">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="col-start-2 flex flex-wrap items-center justify-between gap-3 sm:col-start-3 sm:row-start-1 sm:flex-col sm:items-end">
        <form
          noValidate
          className="join"
          onSubmit={(event) => {
            event.preventDefault();
            void commit(shown);
          }}
        >
          <button
            type="button"
            className="btn join-item btn-sm h-10 w-10"
            aria-label={`Fewer ${line.name}`}
            disabled={gone || current <= line.minimumOrderQuantity}
            onClick={() => step(-1)}
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <label htmlFor={quantityId} className="sr-only">
            Quantity of {line.name}
          </label>
          <input
            id={quantityId}
            type="number"
            inputMode="numeric"
            min={line.minimumOrderQuantity}
            max={line.available}
            step={1}
            value={shown}
            disabled={gone}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={() => void commit(shown)}
            className="input input-bordered join-item input-sm h-10 w-20 text-center tabular-nums"
          />
          <button
            type="button"
            className="btn join-item btn-sm h-10 w-10"
            aria-label={`More ${line.name}`}
            disabled={gone || current >= line.available}
            onClick={() => step(1)}
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </form>
        <p className="text-lg font-bold tabular-nums">
          <span className="sr-only">Total for {line.name}: </span>
          {gone ? '—' : dollars(line.lineTotalCents)}
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-sm h-10 text-error"
          aria-label={`Remove ${line.name}`}
          onClick={() => void cart.remove(line.toolId)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          <span aria-hidden="true">Remove</span>
        </button>
      </div>
    </li>
  );
}
