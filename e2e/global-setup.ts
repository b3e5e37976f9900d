// Once per journey run: start the real storefront the way `npm start` does (the production build,
// made if its sources changed, then the server from dist/) in embedded mode (PGlite, Firebase Auth
// emulator, payments emulator) on free ports; stop it afterwards.
import type { TestProject } from 'vitest/node';
import { startEmbeddedStorefront } from '../src/server/testing/embedded-storefront';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    authEmulatorUrl: string;
    paymentsApiBase: string;
  }
}

/** Room for a whole build (about 20 s on two idle cores, a minute on busy ones) and the start. */
const READY_TIMEOUT_MS = 240_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const storefront = await startEmbeddedStorefront({
    command: ['npm', 'start'],
    // Every journey signs in, books, pays and reviews from 127.0.0.1, often as the same demo
    // accounts: lift the per-IP and per-user limits (src/server/security proves them).
    env: Object.fromEntries(
      ['SESSIONS', 'BOOKINGS', 'PAYMENTS', 'CANCELLATIONS', 'REVIEWS', 'PROFILE_UPDATES', 'ADMIN_WRITES', 'VITALS'].map((budget) => [
        `RATE_LIMIT_${budget}_PER_MINUTE`,
        '10000',
      ]),
    ),
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  console.log(`e2e: storefront built if needed and ready at ${storefront.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  project.provide('baseUrl', storefront.baseUrl);
  project.provide('authEmulatorUrl', storefront.authEmulatorUrl);
  project.provide('paymentsApiBase', storefront.paymentsApiBase);

  return async () => {
    await storefront.stop();
    console.log(`e2e: whole journey run took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
}
