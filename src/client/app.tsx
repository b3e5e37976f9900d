// The app inside its providers (query cache, tRPC, sign-in, confirm dialog, toasts), the same in
// the browser (boot.tsx), in the build's prerendering (prerender.tsx) and in the server's render of
// the pages with data (page-render.tsx); each adds its router.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../shared/constants';
import { AuthProvider } from './auth/AuthProvider';
import { ConfirmProvider } from './components/ConfirmDialog';
import { ShopOrigin } from './lib/shop-origin';
import { trpc } from './lib/trpc';
import { AppRoutes } from './routes';

type TrpcClient = ReturnType<typeof trpc.createClient>;

export function AppProviders({
  queryClient,
  trpcClient,
  shopOrigin,
  children,
}: {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  /** The shop's public origin, for canonical addresses (lib/shop-origin.ts). */
  shopOrigin: string;
  children: ReactNode;
}) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ShopOrigin value={shopOrigin}>{children}</ShopOrigin>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

/** Everything below the router. */
export function AppContent() {
  return (
    <AuthProvider>
      <ConfirmProvider>
        <AppRoutes />
        <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
      </ConfirmProvider>
    </AuthProvider>
  );
}
