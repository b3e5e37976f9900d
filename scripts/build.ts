// `npm run build`, and the first half of `npm start`: the production build the server runs from.
// The browser app (Vite into dist/client, with .br/.gz copies), the server-side render of the pages
// with data that the server loads at boot (dist/server-render, src/client/page-render.tsx), the
// prerendering's server-side build (dist/prerender) and the prerendered pages written from it into
// dist/client; then the
// server (esbuild into dist/server/index.js, one ES module, so it starts with plain node, with the
// Auth emulator's CommonJS preloads copied beside it: a deploy runs from dist/ without src/).
// Each of the two parts is skipped when its output is newer than everything it is made from, so
// that `npm start` with nothing changed starts at once instead of building for about 20 s again.
// Run from the project root (npm does): Vite's configuration names its folders from there.
import { pathToFileURL } from 'node:url';
import { writePrerenderedPages, type PrerenderModule } from './prerendered-pages';
import { isUpToDate, markBuiltAsOf } from './up-to-date';

// Always the production build: under Vitest (NODE_ENV=test) React's development build would be bundled.
process.env.NODE_ENV = 'production';

/** What both parts are made from besides their own sources (the build itself among them). */
const COMMON_INPUTS = ['src/shared', 'tsconfig.json', 'package-lock.json', 'scripts'];

const started = performance.now();

await buildPart({
  name: 'browser app',
  // Written last, so it exists only after every step of this part has finished.
  output: 'dist/client/prerendered/pages.json',
  inputs: ['src/client', 'vite.config.ts', 'src/server/boot/prerendered-pages.ts', ...COMMON_INPUTS],
  async build() {
    // Loaded only to build: loading Vite takes longer than finding that nothing needs building.
    const { build: vite } = await import('vite');
    step('browser app (Vite) → dist/client');
    await vite({ logLevel: 'warn' });
    step('server-side render of the pages with data (Vite, with its packages) → dist/server-render');
    await vite({
      logLevel: 'warn',
      // Its packages bundled in: the production install has none of the browser app's (React among them).
      ssr: { noExternal: true },
      // React's production build whatever NODE_ENV the server starts with.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      publicDir: false,
      build: { ssr: 'page-render.tsx', outDir: '../../dist/server-render', emptyOutDir: true, manifest: false },
    });
    step('prerendering bundle (Vite, server-side) → dist/prerender');
    await vite({ logLevel: 'warn', build: { ssr: 'prerender.tsx', outDir: '../../dist/prerender' } });
    step('prerendered pages → dist/client/prerendered');
    const prerender = (await import(pathToFileURL('dist/prerender/prerender.js').href)) as PrerenderModule;
    await writePrerenderedPages('dist/client', prerender);
  },
});

await buildPart({
  name: 'server',
  output: 'dist/server/index.js',
  inputs: ['src/server', 'src/emulators', ...COMMON_INPUTS],
  async build() {
    const { bundleServer } = await import('./server-bundle');
    step('server (esbuild) → dist/server/index.js, migrate.js, bootstrap.js, emulators.js, backup.js, restore.js');
    await bundleServer('dist/server');
  },
});

console.log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);

interface Part {
  name: string;
  output: string;
  inputs: readonly string[];
  build: () => Promise<void>;
}

async function buildPart(part: Part): Promise<void> {
  if (isUpToDate(part.output, part.inputs)) {
    console.log(`build: ${part.name} is up to date (${part.output} is newer than its sources)`);
    return;
  }
  const buildStarted = new Date();
  await part.build();
  markBuiltAsOf(part.output, buildStarted);
}

function step(what: string): void {
  console.log(`build: ${what}`);
}
