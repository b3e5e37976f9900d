// Entry point: the stylesheets, then the app (boot.tsx). Under a prerendered page the app's code
// is fetched and run only once the page has been painted, so it never holds up the first paint.
import '@fontsource-variable/inter';
import './styles.css';

const root = document.getElementById('root');

function startApp(): void {
  import('./boot').catch((error: unknown) => {
    console.error('The app could not be loaded', error);
    // Its links still work as plain links (each loads its page again).
    root?.removeAttribute('inert');
  });
}

if (root?.hasAttribute('inert')) requestAnimationFrame(() => setTimeout(startApp, 0));
else startApp();
