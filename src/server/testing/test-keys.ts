// Every key, secret and project id the storefront is given by its tests, journeys and benchmarks,
// defined once. All are test values no real service accepts: Stripe's test-mode prefixes, and a
// "demo-" Firebase project, which the Auth emulator and firebase-admin take without credentials.

/** The Stripe keys test servers are configured with, and the payments emulators they talk to. */
export const TEST_STRIPE_KEYS = {
  secretKey: 'sk_test_sprocket',
  publishableKey: 'pk_test_sprocket',
  webhookSecret: 'whsec_test_sprocket',
} as const;

export const TEST_PROJECT_ID = 'demo-sprocket';

/** The Firebase web config test servers hand the browser; the Auth emulator accepts any API key. */
export const TEST_FIREBASE_WEB_CONFIG = { apiKey: 'demo-api-key', authDomain: 'demo', projectId: TEST_PROJECT_ID } as const;

/**
 * Signs the session tokens of every test server, so a test can issue tokens the server processes
 * it starts accept. Suites that prove a foreign secret is refused make their own.
 */
export const TEST_SESSION_SECRET = 'sprocket-test-session-secret-not-for-production';

/**
 * A storefront that runs alone: identity and payments configured as real, so it starts no
 * emulator, with values it never gets to use because nothing calls those services. Its emails go
 * to the embedded mail catcher, which a real shop may keep only when told (config.ts).
 */
export const STANDALONE_SERVER_ENV = {
  SESSION_SECRET: TEST_SESSION_SECRET,
  ALLOW_MAIL_CATCHER: 'true',
  FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
  FIREBASE_API_KEY: TEST_FIREBASE_WEB_CONFIG.apiKey,
  SHOP_URL: 'https://shop.test',
  STRIPE_SECRET_KEY: TEST_STRIPE_KEYS.secretKey,
  STRIPE_PUBLISHABLE_KEY: TEST_STRIPE_KEYS.publishableKey,
  STRIPE_WEBHOOK_SECRET: TEST_STRIPE_KEYS.webhookSecret,
} as const;
