// Configuration: embedded by default, each piece switched to real on its own, bad values named.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { TEST_SESSION_SECRET as secret, TEST_STRIPE_KEYS } from './testing/test-keys';

describe('loadConfig', () => {
  it('runs fully embedded with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '.data',
      database: { kind: 'pglite', dir: '.data' },
      identity: { kind: 'emulator', projectId: 'demo-sprocket', host: '127.0.0.1:9099' },
      payments: { kind: 'emulator', apiBase: 'http://127.0.0.1:12111' },
    });
    expect(config.sessionSecret).toBeUndefined();
  });

  it('switches each piece to real on its own', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/shop', SESSION_SECRET: secret });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/shop' });
    expect(config.identity.kind).toBe('emulator');
    expect(config.payments.kind).toBe('emulator');

    const stripe = loadConfig({
      STRIPE_SECRET_KEY: TEST_STRIPE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: TEST_STRIPE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_KEYS.webhookSecret,
      SESSION_SECRET: secret,
    });
    expect(stripe.payments).toEqual({ kind: 'stripe', ...TEST_STRIPE_KEYS, apiBase: undefined });
    expect(stripe.database.kind).toBe('pglite');
  });

  it('holds unpaid bookings for 24 hours unless HOLD_EXPIRY_HOURS says otherwise', () => {
    expect(loadConfig({}).holdExpiryMs).toBe(24 * 60 * 60 * 1000);
    expect(loadConfig({ HOLD_EXPIRY_HOURS: '0.5' }).holdExpiryMs).toBe(30 * 60 * 1000);
  });

  it('reads ADMIN_EMAILS lower-cased', () => {
    expect([...loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,' }).adminEmails]).toEqual([
      'boss@example.com',
      'ops@example.com',
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ STRIPE_SECRET_KEY: 'nope' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: TEST_STRIPE_KEYS.secretKey, SESSION_SECRET: secret }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ FIREBASE_PROJECT_ID: 'shop', SESSION_SECRET: secret }, 'FIREBASE_API_KEY'],
    [{ DATABASE_URL: 'postgres://u@db/shop' }, 'SESSION_SECRET'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ HOLD_EXPIRY_HOURS: 'a day' }, 'HOLD_EXPIRY_HOURS'],
    [{ HOLD_EXPIRY_HOURS: '0' }, 'HOLD_EXPIRY_HOURS'],
  ])('stops on %j with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});

describe('the embedded emulators on a network', () => {
  const realIdentity = { FIREBASE_PROJECT_ID: 'shop', FIREBASE_API_KEY: 'key', SESSION_SECRET: secret };
  const realPayments = {
    STRIPE_SECRET_KEY: TEST_STRIPE_KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: TEST_STRIPE_KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRET: TEST_STRIPE_KEYS.webhookSecret,
  };

  it.each([
    ['HOST on every interface', { HOST: '0.0.0.0' }, '0.0.0.0'],
    ['HOST on a LAN address, payments still emulated', { HOST: '192.168.1.20', ...realIdentity }, '192.168.1.20'],
    ['the Auth emulator on every interface', { FIREBASE_AUTH_EMULATOR_HOST: '0.0.0.0:9099' }, '0.0.0.0'],
    ['the payments emulator on a LAN address', { STRIPE_API_BASE: 'http://10.0.0.5:12111' }, '10.0.0.5'],
  ])('refuses %s, naming ALLOW_EMULATORS_ON_NETWORK', (_case, env, host) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      new RegExp(`^${host.replaceAll('.', '\\.')} is reachable .*ALLOW_EMULATORS_ON_NETWORK=true`),
    );
  });

  it('starts when told explicitly, on loopback names, or with both pieces real', () => {
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_EMULATORS_ON_NETWORK: 'true' }).host).toBe('0.0.0.0');
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) expect(loadConfig({ HOST: host }).host).toBe(host);
    expect(loadConfig({ HOST: '0.0.0.0', ...realIdentity, ...realPayments }).host).toBe('0.0.0.0');
  });

  it('refuses an ALLOW_EMULATORS_ON_NETWORK other than true or false', () => {
    expect(() => loadConfig({ ALLOW_EMULATORS_ON_NETWORK: 'yes' })).toThrow(/ALLOW_EMULATORS_ON_NETWORK: must be true or false/);
  });
});
