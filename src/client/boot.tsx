// Starts the app (browser-app.tsx), from main.tsx. A page the server rendered with its data
// (page-render.tsx: home, a part's page, a not-found page) is hydrated: the app takes over the
// HTML as it is. A prerendered page (inert until now) is replaced by the same page once its code
// has loaded.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserApp, readPageData } from './browser-app';
import { reportWebVitalsAfterFirstPaint } from './lib/web-vitals-reporter';
import { preloadPagesOf } from './routes';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const pageData = readPageData();
// A page the server sent is drawn from its code at once, so its first render matches that page.
const pageCode = container.hasChildNodes() ? preloadPagesOf(window.location.pathname) : Promise.resolve();
// A page whose code failed to load renders its retry message from the error boundary instead.
void pageCode
  .catch(() => {})
  .then(() => {
    const app = (
      <StrictMode>
        <BrowserApp container={container} pageData={pageData} />
      </StrictMode>
    );
    // Hydration, and a render in a transition, go in slices, leaving the main thread free between
    // them: the page shown meanwhile (server-rendered, prerendered, or blank) stays until then.
    if (pageData) hydrateRoot(container, app);
    else startTransition(() => createRoot(container).render(app));
    reportWebVitalsAfterFirstPaint();
  });
