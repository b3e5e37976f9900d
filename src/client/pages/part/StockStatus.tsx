// What a customer can order of a part: its minimum order and stock, and plainly when the stock
// left is below the minimum order, so it cannot be booked.
import { messages } from '../../../shared/messages';

export function StockStatus({ minimumOrderQuantity, available }: { minimumOrderQuantity: number; available: number }) {
  const bookable = available >= minimumOrderQuantity;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg bg-base-200 px-4 py-3">
          <dt className="text-base-content/70">Minimum order</dt>
          <dd className="text-lg font-semibold">{minimumOrderQuantity.toLocaleString('en-US')}</dd>
        </div>
        <div className="rounded-lg bg-base-200 px-4 py-3">
          <dt className="text-base-content/70">In stock</dt>
          <dd className="text-lg font-semibold">{available.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      {bookable ? (
        <p className="text-sm font-medium">
          Ready to ship: book from {minimumOrderQuantity.toLocaleString('en-US')} to {available.toLocaleString('en-US')}.
        </p>
      ) : (
        <p role="status" className="alert alert-warning alert-soft text-sm">
          {messages.belowMinimumOrder} ({available.toLocaleString('en-US')} left, minimum order{' '}
          {minimumOrderQuantity.toLocaleString('en-US')}).
        </p>
      )}
    </div>
  );
}
