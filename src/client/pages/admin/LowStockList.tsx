// The overview's parts that cannot be booked because their stock is below their minimum order,
// fewest in stock first, each linking to its edit page to restock it.
import { Link } from 'react-router-dom';
import type { RouterOutputs } from '../../lib/trpc';

type LowStockPart = RouterOutputs['overview']['summary']['lowStock']['parts'][number];

export function LowStockList({ count, parts }: { count: number; parts: LowStockPart[] }) {
  const unlisted = count - parts.length;
  return (
    <section aria-labelledby="low-stock-heading" className="rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id="low-stock-heading" className="text-lg font-semibold">
        Parts below their minimum order ({count})
      </h2>
      {count === 0 ? (
        <p className="mt-2 text-sm text-base-content/70">Every part has stock for at least its minimum order.</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-base-content/70">Customers cannot book these until they are restocked.</p>
          <ul className="mt-3 divide-y divide-base-300">
            {parts.map((part) => (
              <li key={part._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                <Link to={`/dashboard/manageproducts/${part._id}/edit`} className="link font-medium link-primary">
                  {part.name}
                </Link>
                <span className="text-sm text-base-content/70">
                  {part.available} in stock, minimum order {part.minimumOrderQuantity}
                  {part.hidden ? <span className="ml-2 badge badge-ghost badge-sm">hidden</span> : null}
                </span>
              </li>
            ))}
          </ul>
          {unlisted > 0 ? (
            <p className="mt-2 text-sm text-base-content/70">
              And {unlisted} more: see{' '}
              <Link to="/dashboard/manageproducts" className="link">
                Manage product
              </Link>
              .
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
