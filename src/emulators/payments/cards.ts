// Stripe's test cards: which card numbers and expiry dates succeed, and the error each failure
// produces (https://docs.stripe.com/testing). Messages follow DESIGN.md "Payments".

export interface Card {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string | undefined;
}

export interface CardFailure {
  code: string;
  declineCode?: string;
  message: string;
  /** The card field at fault, for errors found before any charge is attempted. */
  field?: 'number' | 'exp_month' | 'exp_year' | 'cvc';
  /** Declines happen on a charge (which Stripe records); invalid card details never get that far. */
  charged: boolean;
}

const DECLINES: Record<string, CardFailure> = {
  '4000000000000002': {
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
    charged: true,
  },
  '4000000000009995': {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    charged: true,
  },
  '4000000000000069': {
    code: 'expired_card',
    declineCode: 'expired_card',
    message: 'Your card has expired.',
    charged: true,
  },
};

/** A card that pays and one that is declined: what a person trying the shop by hand types. */
export const TEST_CARD_NUMBERS = { pays: '4242424242424242', declined: '4000000000000002' } as const;

/** Stripe's test PaymentMethod ids, for confirming from a server without card details. */
export const TEST_PAYMENT_METHOD_CARDS: Record<string, string> = {
  pm_card_visa: TEST_CARD_NUMBERS.pays,
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: TEST_CARD_NUMBERS.declined,
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
};

function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65)/.test(number)) return 'discover';
  return 'unknown';
}

/** Four-digit year; Stripe also takes two digits. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** What charging this card does: `null` when it succeeds. */
export function chargeCard(card: Card, now: Date): CardFailure | null {
  if (!passesLuhn(card.number)) {
    return { code: 'incorrect_number', message: 'Your card number is invalid.', field: 'number', charged: false };
  }
  if (card.expMonth < 1 || card.expMonth > 12) {
    return {
      code: 'invalid_expiry_month',
      message: "Your card's expiration month is invalid.",
      field: 'exp_month',
      charged: false,
    };
  }
  const year = fullYear(card.expYear);
  if (year < now.getUTCFullYear()) {
    return {
      code: 'invalid_expiry_year',
      message: "Your card's expiration year is in the past.",
      field: 'exp_year',
      charged: false,
    };
  }
  if (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1) {
    return {
      code: 'invalid_expiry_month',
      message: "Your card's expiration date is in the past.",
      field: 'exp_month',
      charged: false,
    };
  }
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc)) {
    return { code: 'invalid_cvc', message: "Your card's security code is invalid.", field: 'cvc', charged: false };
  }
  return DECLINES[card.number] ?? null;
}
