// The app with its providers and the browser's router, started by main.tsx. A page the server
// sent prerendered (inert until now) is replaced by the same page once its code has loaded.
import { StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppContent, AppProviders } from './app';
import { createQueryClient } from './lib/query-client';
import { shopLink } from './lib/shop-link';
import { trpc } from './lib/trpc';
import { reportWebVitalsAfterFirstPaint } from './lib/web-vitals-reporter';
import { prerenderedPages } from './routes';

function App({ container }: { container: HTMLElement }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => trpc.createClient({ links: [shopLink('/trpc')] }));
  // The prerendered HTML is gone once this has rendered: the live page takes input from here on,
  // and names itself (React keeps the page's <title>; the prerendered one would linger unused).
  useEffect(() => {
    container.removeAttribute('inert');
    document.querySelector('head > title[data-prerendered]')?.remove();
  }, [container]);
  return (
    <AppProviders queryClient={queryClient} trpcClient={trpcClient}>
      <BrowserRouter>
        <AppContent />
      </BrowserRouter>
    </AppProviders>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const pageCode = prerenderedPages[window.location.pathname]?.preload() ?? Promise.resolve();
// A page whose code failed to load renders its retry message from the error boundary instead.
void pageCode
  .catch(() => {})
  .then(() => {
    const root = createRoot(container);
    // A transition renders in slices, leaving the main thread free between them: the page shown
    // meanwhile (prerendered, or blank) stays until the whole app is ready to replace it.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App container={container} />
        </StrictMode>,
      ),
    );
    reportWebVitalsAfterFirstPaint();
  });
