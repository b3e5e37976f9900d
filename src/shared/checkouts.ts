// The states of a basket checkout (docs/decisions/0023), kept while baskets opened before the
// checkout replaced them can still be paid (domains/checkout/legacy-baskets.ts).

export const checkoutStatuses = ['open', 'paid', 'closed'] as const;
