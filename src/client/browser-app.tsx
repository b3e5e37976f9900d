// The app as the browser runs it: its providers, the browser's router and the query cache it starts
// from. Started by boot.tsx; a page the server rendered (page-render.tsx) is hydrated from the data
// sent with it, so the first render matches the server's HTML and reads nothing again.
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '../shared/page-render';
import { AppContent, AppProviders } from './app';
import { createQueryClient } from './lib/query-client';
import { shopLink } from './lib/shop-link';
import { trpc } from './lib/trpc';

/**
 * The server's answers stay fresh this long after the page arrived: long enough that the app does
 * not ask for them again as it hydrates (the default, 0, would), short enough that coming back to
 * the page later reads the stock anew. A refusal it sent (a part not found) is not asked again
 * either: the page shows it as the server did.
 */
const SERVER_DATA_FRESH_MS = 30_000;

/** The data the server rendered the page from, if it sent it. */
export function readPageData(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as PageData) : null;
}

function startingCache(pageData: PageData | null): QueryClient {
  const queryClient = createQueryClient();
  if (!pageData) return queryClient;
  hydrate(queryClient, pageData.queries as DehydratedState);
  for (const query of queryClient.getQueryCache().getAll()) {
    queryClient.setQueryDefaults(query.queryKey, { staleTime: SERVER_DATA_FRESH_MS, retryOnMount: false });
  }
  return queryClient;
}

export function BrowserApp({ container, pageData }: { container: HTMLElement; pageData: PageData | null }) {
  const [queryClient] = useState(() => startingCache(pageData));
  const [trpcClient] = useState(() => trpc.createClient({ links: [shopLink('/trpc')] }));
  // The prerendered HTML is gone once this has rendered: the live page takes input from here on,
  // and names itself (React keeps the page's <title>; the prerendered one would linger unused).
  useEffect(() => {
    container.removeAttribute('inert');
    document.querySelector('head > title[data-prerendered]')?.remove();
  }, [container]);
  return (
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} shopOrigin={pageData?.shopUrl ?? window.location.origin}>
      <BrowserRouter>
        <AppContent />
      </BrowserRouter>
    </AppProviders>
  );
}
