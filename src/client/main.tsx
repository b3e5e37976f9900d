// Entry point: the stylesheets, then the app (boot.tsx). Under a page the server sent (rendered or
// prerendered) the app's code is fetched and run only once the page has been painted, so it never
// holds up the first paint.
import '@fontsource-variable/inter';
import './styles.css';

// The Content-Security-Policy forbids eval, and zod probes for it (a caught `new Function`, still
// reported as a violation) when it builds each object schema, unless told it runs jitless. Its
// configuration lives on globalThis (zod/v4/core/core.js), so setting it here, before any chunk
// that builds a schema is loaded, covers every schema without bringing zod into this entry.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');

function startApp(): void {
  import('./boot').catch((error: unknown) => {
    console.error('The app could not be loaded', error);
    // Its links still work as plain links (each loads its page again).
    root?.removeAttribute('inert');
  });
}

if (root?.hasChildNodes()) requestAnimationFrame(() => setTimeout(startApp, 0));
else startApp();
