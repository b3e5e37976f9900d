// Entry point: the stylesheets, then the app (boot.tsx). Under a prerendered page the app's code
// is fetched and run only once the page has been painted, so it never holds up the first paint.
import '@fontsource-variable/inter';
import './styles.css';

function startApp(): void {
  import('./boot').catch((error: unknown) => console.error('The app could not be loaded', error));
}

if (document.getElementById('root')?.hasAttribute('inert')) requestAnimationFrame(() => setTimeout(startApp, 0));
else startApp();
