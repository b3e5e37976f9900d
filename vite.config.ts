// Builds the browser app (src/client) into dist/client, and configures the test suites: server and
// server-processes (Node, real databases and emulators; the build scripts too), client (jsdom
// components), e2e (real browser).
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import type { InlineConfig } from 'vitest/node';
import { precompress } from './scripts/vite-precompress.ts';

/** The server suites: Node, real databases and emulators, the build scripts too. */
const serverTests = {
  root: '.',
  environment: 'node',
  include: [
    'src/server/**/*.test.ts',
    'src/shared/**/*.test.ts',
    'src/emulators/**/*.test.ts',
    'scripts/**/*.test.ts',
    'packages/*/test/**/*.test.ts',
  ],
  globalSetup: ['src/server/testing/global-setup.ts'],
  // One process for the files, each loading the project's modules afresh (setup.ts): a fresh
  // process per file cost more CPU than most files' tests.
  isolate: false,
  setupFiles: ['src/server/testing/setup.ts'],
  // A guard against a hang, not a speed check (those are in bench/): CI runs these beside the
  // journeys and the Postgres pass on two cores, where starting a shop or a process, or a hundred
  // property runs, has taken past 30 s.
  testTimeout: 60_000,
  hookTimeout: 120_000,
} satisfies InlineConfig;

/**
 * The server files that start processes or emulators of their own (the commands, boot, restarts,
 * several processes): they wait on those more than they compute, so they are a project of their
 * own, which npm test runs beside the other server files (`--project 'server*'` runs both).
 */
const SERVER_PROCESS_TESTS = [
  'src/server/*.test.ts',
  'src/server/boot/**/*.test.ts',
  'src/server/reliability/**/*.test.ts',
  'src/server/http/worker-metrics.test.ts',
  'src/server/cache/shared-cache.test.ts',
  'src/server/security/rate-limits.test.ts',
  'src/emulators/**/*.test.ts',
];

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    manifest: true,
    // Written for debugging and error tools, not linked from the bundles; the server never sends them.
    sourcemap: 'hidden',
  },
  server: {
    proxy: Object.fromEntries(['/trpc', '/config.json', '/vitals'].map((path) => [path, 'http://127.0.0.1:3000'])),
  },
  test: {
    root: '.',
    projects: [
      { extends: true, test: { ...serverTests, name: 'server', exclude: [...configDefaults.exclude, ...SERVER_PROCESS_TESTS] } },
      { extends: true, test: { ...serverTests, name: 'server-processes', include: SERVER_PROCESS_TESTS } },
      {
        extends: true,
        test: {
          name: 'client',
          root: '.',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          // One jsdom for the files, each loading the project's modules afresh (setup.ts): a jsdom
          // and the libraries built for each file cost twice the tests themselves.
          isolate: false,
          setupFiles: ['src/client/testing/setup.ts'],
          // npm test runs these beside the browser journeys, and CI beside the Postgres pass too: a
          // component typing into a form can take longer than vitest's 5 s on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // One process and one browser for the journeys (e2e/support/browser.ts).
          isolate: false,
        },
      },
    ],
  },
});
