// Where an order goes, as an address label reads, with the phone and, for a business, its VAT ID.
import { countryName } from '../../../shared/countries';
import type { PlacedOrder } from '../dashboard-shell/order-types';
import { REVERSE_CHARGE_NOTE } from './BusinessPurchase';

export function ShipToAddress({ order }: { order: PlacedOrder }) {
  const { shipTo } = order;
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">Ship to</h2>
      <address className="not-italic">
        {[shipTo.name, shipTo.company, shipTo.line1, shipTo.line2, `${shipTo.postalCode} ${shipTo.city}`, countryName(shipTo.country)]
          .filter((part): part is string => Boolean(part))
          .map((part) => (
            <span key={part} className="block break-words">
              {part}
            </span>
          ))}
      </address>
      <p className="text-sm">Phone: {order.phone}</p>
      {order.buyerVatId ? <p className="text-sm">VAT ID: {order.buyerVatId}</p> : null}
      {order.reverseCharge ? <p className="text-sm">{REVERSE_CHARGE_NOTE}</p> : null}
    </div>
  );
}
