// Once per journey run: start the real storefront the way `npm start` does (the production build,
// made if its sources changed, then the server from dist/) in embedded mode (PGlite, Firebase Auth
// emulator, payments emulator, mail catcher) on free ports; stop it afterwards.
import type { TestProject } from 'vitest/node';
import { chromiumPath } from '../src/server/testing/chromium-path';
import { startEmbeddedStorefront } from '../src/server/testing/embedded-storefront';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    authEmulatorUrl: string;
    paymentsApiBase: string;
    mailInboxUrl: string;
  }
}

/** Room for a whole build (about 20 s on two idle cores, a minute on busy ones) and the start. */
const READY_TIMEOUT_MS = 240_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Before a build that takes a minute: without a browser no journey can run, and one sentence
  // saying how to get it beats every journey failing with the launcher's error.
  chromiumPath();
  const started = Date.now();
  const storefront = await startEmbeddedStorefront({
    command: ['npm', 'start'],
    // Every journey signs in, books, pays and reviews from 127.0.0.1, often as the same demo
    // accounts: lift the per-IP and per-user limits (src/server/security proves them).
    // The demo customer also holds more unpaid orders over a run than a person would.
    env: {
      ...Object.fromEntries(
        [
          'SESSIONS',
          'BOOKINGS',
          'PAYMENTS',
          'CANCELLATIONS',
          'REVIEWS',
          'PROFILE_UPDATES',
          'VERIFICATION_EMAILS',
          'PASSWORD_RESETS',
          'ADMIN_WRITES',
          'VITALS',
        ].map((budget) => [`RATE_LIMIT_${budget}_PER_MINUTE`, '10000']),
      ),
      HOLD_LIMIT_BOOKINGS: '10000',
      HOLD_LIMIT_UNITS: '1000000',
      HOLD_LIMIT_DOLLARS: '100000000',
    },
    readyTimeoutMs: READY_TIMEOUT_MS,
  });
  console.log(`e2e: storefront built if needed and ready at ${storefront.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  project.provide('baseUrl', storefront.baseUrl);
  project.provide('authEmulatorUrl', storefront.authEmulatorUrl);
  project.provide('paymentsApiBase', storefront.paymentsApiBase);
  project.provide('mailInboxUrl', storefront.mailInboxUrl);

  return async () => {
    await storefront.stop();
    console.log(`e2e: whole journey run took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
}
