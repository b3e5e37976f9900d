// Entry point: wires the providers (query cache, tRPC, router, sign-in, confirm dialog, toasts) around the routes.
import '@fontsource-variable/inter';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { z } from 'zod';
import { TOAST_AUTO_CLOSE_MS } from '../shared/constants';
import { AuthProvider } from './auth/AuthProvider';
import { ConfirmProvider } from './components/ConfirmDialog';
import { getAccessToken } from './lib/access-token';
import { createQueryClient } from './lib/query-client';
import { trpc } from './lib/trpc';
import { reportWebVitalsAfterFirstPaint } from './lib/web-vitals-reporter';
import { AppRoutes } from './routes';

// The Content-Security-Policy forbids eval: zod must not compile its parsers (or probe for eval).
z.config({ jitless: true });

function bearerHeader(): Record<string, string> {
  const token = getAccessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

function App() {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() =>
    trpc.createClient({ links: [httpBatchLink({ url: '/trpc', headers: bearerHeader })] }),
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AuthProvider>
            <ConfirmProvider>
              <AppRoutes />
              <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
            </ConfirmProvider>
          </AuthProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
reportWebVitalsAfterFirstPaint();
