// The build's prerendering (server-side, in Node): a page as a visitor first sees it, before any
// of its data has arrived and before anyone is known to be signed in, as HTML for #root. The
// browser shows it at once and replaces it with the live app when its code has run (main.tsx, boot.tsx).
import { QueryClient } from '@tanstack/react-query';
import { observable } from '@trpc/server/observable';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppContent, AppProviders } from './app';
import { trpc } from './lib/trpc';
import { prerenderedPages } from './routes';

export const prerenderedPaths = Object.keys(prerenderedPages);

/** No call is ever made while prerendering: every query stays pending, as on a first visit. */
const trpcClient = trpc.createClient({ links: [() => () => observable(() => {})] });

export async function prerenderPage(path: string): Promise<string> {
  // Loaded first, so nothing suspends: a boundary that resolved late would need an inline script.
  await prerenderedPages[path]?.preload();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { prelude } = await prerender(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} shopOrigin="">
      <StaticRouter location={path}>
        <AppContent />
      </StaticRouter>
    </AppProviders>,
    // One piece: React would otherwise move a large part behind a script that puts it in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
