// The addresses the customer shipped to before, each one click away from filling the form.
import { countryName } from '../../../shared/countries';
import type { SavedAddress } from '../dashboard-shell/order-types';

export function SavedAddresses({
  addresses,
  onChoose,
}: {
  addresses: readonly SavedAddress[];
  onChoose: (address: SavedAddress) => void;
}) {
  if (addresses.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">Ship to an address you used before</p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {addresses.map((address) => (
          <li key={address.id}>
            <button
              type="button"
              className="btn btn-outline h-auto w-full flex-col items-start gap-0 py-2 text-left font-normal normal-case"
              aria-label={`Ship to ${address.name}, ${address.line1}, ${address.postalCode} ${address.city}`}
              onClick={() => onChoose(address)}
            >
              <span className="font-medium">{address.name}</span>
              <span className="text-sm">
                {address.line1}, {address.postalCode} {address.city}, {countryName(address.country)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
