// The account emails (the address's verification link, a forgotten password's reset link;
// docs/accounts.md) and the shop pages their links lead to. Kept free of zod: the browser's route
// table imports it before first paint.

export const accountEmailKinds = ['verify_email', 'password_reset'] as const;
export type AccountEmailKind = (typeof accountEmailKinds)[number];

/** The shop's pages each account email's link leads to, with the link's one-time code as ?code=. */
export const accountEmailPages: Record<AccountEmailKind, string> = {
  verify_email: '/verify-email',
  password_reset: '/reset-password',
};
