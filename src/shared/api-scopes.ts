// What an API key may be allowed to do. A key carries one or more scopes; each procedure open to
// keys declares the one it needs (trpc.ts `Meta.apiScope`).
export const apiScopes = ['catalogue:read', 'orders:read', 'orders:write'] as const;

export type ApiScope = (typeof apiScopes)[number];

export const apiScopeLabels: Record<ApiScope, string> = {
  'catalogue:read': 'Read the catalogue',
  'orders:read': 'Read orders',
  'orders:write': 'Place and cancel orders',
};
