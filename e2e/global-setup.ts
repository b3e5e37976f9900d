// Once per journey run: build the browser app and the server as production runs them, start the
// real storefront in embedded mode (PGlite, Firebase Auth emulator, payments emulator) on free
// ports, stop it afterwards.
import type { TestProject } from 'vitest/node';
import { buildAllIfChanged, serverBuild } from '../src/server/boot/builds';
import { projectRoot } from '../src/server/project-root';
import { startEmbeddedStorefront } from '../src/server/testing/embedded-storefront';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    authEmulatorUrl: string;
    paymentsApiBase: string;
  }
}

const READY_TIMEOUT_MS = 120_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  // Vitest sets NODE_ENV=test, which would give React's development build; the journeys drive the production one.
  buildAllIfChanged(projectRoot, 'production');

  const storefront = await startEmbeddedStorefront({
    command: [process.execPath, '--enable-source-maps', `${serverBuild.outDir}/${serverBuild.output}`],
    // Every journey signs in and books from 127.0.0.1: lift the per-IP and per-user limits.
    env: { RATE_LIMIT_SESSIONS_PER_MINUTE: '10000', RATE_LIMIT_BOOKINGS_PER_MINUTE: '10000' },
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  console.log(`e2e: storefront ready at ${storefront.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  project.provide('baseUrl', storefront.baseUrl);
  project.provide('authEmulatorUrl', storefront.authEmulatorUrl);
  project.provide('paymentsApiBase', storefront.paymentsApiBase);

  return async () => {
    await storefront.stop();
    console.log(`e2e: whole journey run took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
}
