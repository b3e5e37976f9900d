// The shipping methods offered for the country, as a radio list with each one's price for this cart.
import { formatDollars } from '../../../shared/money';
import type { CheckoutQuote } from '../dashboard-shell/order-types';

function shippingPriceLabel(price: number): string {
  return price === 0 ? 'Free' : formatDollars(price);
}

interface ShippingMethodsProps {
  options: CheckoutQuote['shippingOptions'];
  disabled: boolean;
  onChoose: (rateId: string) => void;
}

export function ShippingMethods({ options, disabled, onChoose }: ShippingMethodsProps) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="sr-only">Shipping method</legend>
      {options.map((option) => (
        <label
          key={option.id}
          className="flex cursor-pointer items-center justify-between gap-3 rounded-box border border-base-300 px-4 py-3 has-checked:border-primary"
        >
          <span className="flex items-center gap-3">
            <input
              type="radio"
              name="shipping-method"
              className="radio radio-primary"
              value={option.id}
              checked={option.chosen}
              onChange={() => onChoose(option.id)}
            />
            {option.name}
          </span>
          <span className="tabular-nums">{shippingPriceLabel(option.price)}</span>
        </label>
      ))}
    </fieldset>
  );
}
