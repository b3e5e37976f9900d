// Card payments against the payments emulator: plain labelled inputs for the card, confirmed by
// posting to the emulator (emulator-confirm.ts). Nothing to load.
import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { CardPaymentContext, type CardPayment, type ConfirmCardInput } from './card-payment-context';
import { formatCardNumber, formatExpiry } from './card-input-format';
import { confirmWithEmulator, type EmulatorCard, type EmulatorEndpoint } from './emulator-confirm';

const EMPTY_CARD: EmulatorCard = { number: '', expiry: '', cvc: '' };

const CardInputContext = createContext<{ card: EmulatorCard; change: (field: keyof EmulatorCard, value: string) => void }>({
  card: EMPTY_CARD,
  change: () => {},
});

function EmulatorCardFields() {
  const { card, change } = useContext(CardInputContext);
  const id = useId();
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">Card details</legend>
      <label className="label" htmlFor={`${id}-number`}>
        Card number
      </label>
      <input
        id={`${id}-number`}
        className="input w-full"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        onChange={(event) => change('number', formatCardNumber(event.target.value))}
      />
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1">
          <label className="label" htmlFor={`${id}-expiry`}>
            Expiry (MM/YY)
          </label>
          <input
            id={`${id}-expiry`}
            className="input w-full"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onChange={(event) => change('expiry', formatExpiry(event.target.value))}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label className="label" htmlFor={`${id}-cvc`}>
            CVC
          </label>
          <input
            id={`${id}-cvc`}
            className="input w-full"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            value={card.cvc}
            onChange={(event) => change('cvc', event.target.value)}
          />
        </div>
      </div>
    </fieldset>
  );
}

export function EmulatorCardPayment({ endpoint, children }: { endpoint: EmulatorEndpoint; children: ReactNode }) {
  const [card, setCard] = useState(EMPTY_CARD);
  const change = useCallback((field: keyof EmulatorCard, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
  }, []);
  const { apiBase, publishableKey } = endpoint;
  const cardPayment = useMemo<CardPayment>(
    () => ({
      Fields: EmulatorCardFields,
      confirm: (input: ConfirmCardInput) => confirmWithEmulator({ apiBase, publishableKey }, card, input),
    }),
    [apiBase, publishableKey, card],
  );
  const cardInput = useMemo(() => ({ card, change }), [card, change]);
  return (
    <CardPaymentContext value={cardPayment}>
      <CardInputContext value={cardInput}>{children}</CardInputContext>
    </CardPaymentContext>
  );
}
