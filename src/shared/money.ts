// Money is integer cents in the database and dollars in the API. These are the only conversions.

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** True when a dollar amount has at most two decimals (39, 39.5, 39.99). */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
}

/** Made once: building a formatter costs far more than formatting (a page's render shows dozens of prices). */
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDollars(dollars: number): string {
  return DOLLARS.format(dollars);
}
