// Configuration: embedded by default, each piece switched to real on its own, bad values named.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { TEST_SESSION_SECRET as secret, TEST_STRIPE_KEYS } from './testing/test-keys';

const realIdentity = {
  FIREBASE_PROJECT_ID: 'shop',
  FIREBASE_API_KEY: 'key',
  SESSION_SECRET: secret,
  SHOP_URL: 'https://shop.example',
};
const realPayments = {
  STRIPE_SECRET_KEY: TEST_STRIPE_KEYS.secretKey,
  STRIPE_PUBLISHABLE_KEY: TEST_STRIPE_KEYS.publishableKey,
  STRIPE_WEBHOOK_SECRET: TEST_STRIPE_KEYS.webhookSecret,
};

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
    expect(config.sessionSecrets).toBeUndefined();
  });

  it('switches each piece to real on its own', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/shop', SESSION_SECRET: secret });
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://u@db:5432/shop', poolSize: 10, migrateAtBoot: true });
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

  it('sends email to the embedded mail catcher unless SMTP_URL names a mail server', () => {
    expect(loadConfig({}).mail).toEqual({ kind: 'catcher', inboxPort: 1080, smtpPort: 0, from: 'Sprocket <orders@sprocket.example>' });
    expect(loadConfig({ MAIL_INBOX_PORT: '2080' }).mail).toMatchObject({ kind: 'catcher', inboxPort: 2080 });
    expect(loadConfig({ SMTP_URL: 'smtps://shop:secret@mail.example:465', MAIL_FROM: 'Shop <shop@example.com>' }).mail).toEqual({
      kind: 'smtp',
      url: 'smtps://shop:secret@mail.example:465',
      from: 'Shop <shop@example.com>',
      maxConnections: 5,
    });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:25', SMTP_MAX_CONNECTIONS: '20' }).mail).toMatchObject({ maxConnections: 20 });
    expect(() => loadConfig({ SMTP_URL: 'mail.example:25' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
  });

  it('puts every port of the embedded pieces where told, free ones where not', () => {
    expect(loadConfig({}).identity).toMatchObject({ host: '127.0.0.1:9099', hubPort: 0, loggingPort: 0 });
    const told = loadConfig({
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:19099',
      AUTH_EMULATOR_HUB_PORT: '14400',
      AUTH_EMULATOR_LOGGING_PORT: '14500',
      STRIPE_API_BASE: 'http://127.0.0.1:22111',
      MAIL_INBOX_PORT: '11080',
      MAIL_SMTP_PORT: '11025',
    });
    expect(told.identity).toMatchObject({ host: '127.0.0.1:19099', hubPort: 14400, loggingPort: 14500 });
    expect(told.payments).toEqual({ kind: 'emulator', apiBase: 'http://127.0.0.1:22111' });
    expect(told.mail).toMatchObject({ inboxPort: 11080, smtpPort: 11025 });
    for (const variable of ['AUTH_EMULATOR_HUB_PORT', 'AUTH_EMULATOR_LOGGING_PORT', 'MAIL_SMTP_PORT']) {
      expect(() => loadConfig({ [variable]: '70000' })).toThrow(new RegExp(`${variable}: `));
    }
  });

  it('links emails to the local shop unless SHOP_URL names its public origin, which real Firebase Auth needs', () => {
    expect(loadConfig({}).shopUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ PORT: '4100' }).shopUrl).toBe('http://127.0.0.1:4100');
    expect(loadConfig({ SHOP_URL: 'https://Shop.Example/' }).shopUrl).toBe('https://shop.example');
    const firebase = { FIREBASE_PROJECT_ID: 'shop', FIREBASE_API_KEY: 'key', SESSION_SECRET: secret };
    expect(() => loadConfig(firebase)).toThrow(/^SHOP_URL: required/);
    expect(loadConfig({ ...firebase, SHOP_URL: 'https://shop.example' }).shopUrl).toBe('https://shop.example');
  });

  it('checks each signed-in account against the identity provider every 2 minutes unless told', () => {
    expect(loadConfig({}).sessionCheckIntervalMs).toBe(120_000);
    expect(loadConfig({ SESSION_CHECK_INTERVAL_MS: '600000' }).sessionCheckIntervalMs).toBe(600_000);
  });

  it('holds unpaid bookings for 24 hours unless HOLD_EXPIRY_HOURS says otherwise', () => {
    expect(loadConfig({}).holdExpiryMs).toBe(24 * 60 * 60 * 1000);
    expect(loadConfig({ HOLD_EXPIRY_HOURS: '0.5' }).holdExpiryMs).toBe(30 * 60 * 1000);
  });

  it('counts the shop’s days in UTC unless SHOP_TIME_ZONE names another IANA zone', () => {
    expect(loadConfig({}).shopTimeZone).toBe('UTC');
    expect(loadConfig({ SHOP_TIME_ZONE: 'Europe/Berlin' }).shopTimeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ SHOP_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(
      /SHOP_TIME_ZONE: must be an IANA time zone name, such as UTC or Europe\/Berlin/,
    );
  });

  it('caps what one customer holds unpaid at 10 holds, 500 units and $25,000 unless HOLD_LIMIT_* say otherwise', () => {
    expect(loadConfig({}).holdLimits).toEqual({ bookings: 10, units: 500, valueCents: 25_000_00 });
    expect(loadConfig({ HOLD_LIMIT_BOOKINGS: '3', HOLD_LIMIT_UNITS: '40', HOLD_LIMIT_DOLLARS: '900' }).holdLimits).toEqual({
      bookings: 3,
      units: 40,
      valueCents: 900_00,
    });
  });

  it('opens DATABASE_POOL_SIZE connections to Postgres, 10 unless told', () => {
    const env = { DATABASE_URL: 'postgres://u@db:5432/shop', SESSION_SECRET: secret };
    expect(loadConfig(env).database).toMatchObject({ poolSize: 10 });
    expect(loadConfig({ ...env, DATABASE_POOL_SIZE: '4' }).database).toMatchObject({ poolSize: 4 });
  });

  it('gives up on a Postgres statement after 10 s and on a row lock after 5 s unless told', () => {
    const env = { DATABASE_URL: 'postgres://u@db:5432/shop', SESSION_SECRET: secret };
    expect(loadConfig(env).database).toMatchObject({ statementTimeoutMs: 10_000, lockTimeoutMs: 5_000 });
    expect(loadConfig({ ...env, DATABASE_STATEMENT_TIMEOUT_MS: '0', DATABASE_LOCK_TIMEOUT_MS: '250' }).database).toMatchObject({
      statementTimeoutMs: 0,
      lockTimeoutMs: 250,
    });
  });

  it('drains for 3 s and gives up 15 s after the signal when stopping, unless SHUTDOWN_* say otherwise', () => {
    expect(loadConfig({})).toMatchObject({ shutdownDrainMs: 3_000, shutdownTimeoutMs: 15_000 });
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500', SHUTDOWN_DRAIN_MS: '0' })).toMatchObject({
      shutdownDrainMs: 0,
      shutdownTimeoutMs: 2_500,
    });
  });

  it('lets a Postgres statement run at most what a stop leaves after its drain, or without limit when 0', () => {
    const env = {
      DATABASE_URL: 'postgres://u@db:5432/shop',
      SESSION_SECRET: secret,
      SHUTDOWN_TIMEOUT_MS: '8000',
      SHUTDOWN_DRAIN_MS: '3000',
    };
    expect(loadConfig({ ...env, DATABASE_STATEMENT_TIMEOUT_MS: '5000' }).database).toMatchObject({ statementTimeoutMs: 5_000 });
    expect(loadConfig({ ...env, DATABASE_STATEMENT_TIMEOUT_MS: '0' }).database).toMatchObject({ statementTimeoutMs: 0 });
    expect(() => loadConfig({ ...env, DATABASE_STATEMENT_TIMEOUT_MS: '5001' })).toThrow(
      'DATABASE_STATEMENT_TIMEOUT_MS: 5001 is longer than what a stop leaves the requests in flight, SHUTDOWN_TIMEOUT_MS − SHUTDOWN_DRAIN_MS (5000): set it to at most 5000',
    );
    expect(() => loadConfig({ ...env, DATABASE_STATEMENT_TIMEOUT_MS: '5001' })).toThrow(ConfigError);
  });

  it('logs at LOG_LEVEL, info unless told, and serves /metrics only with METRICS_TOKEN', () => {
    expect(loadConfig({})).toMatchObject({ logLevel: 'info', metricsToken: undefined });
    expect(loadConfig({ LOG_LEVEL: 'debug', METRICS_TOKEN: 'a-long-scrape-token' })).toMatchObject({
      logLevel: 'debug',
      metricsToken: 'a-long-scrape-token',
    });
  });

  it('says in one sentence which log levels there are', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    );
  });

  it('leaves the migrations to their own step when MIGRATE_AT_BOOT is false', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/shop', SESSION_SECRET: secret, MIGRATE_AT_BOOT: 'false' });
    expect(config.database).toMatchObject({ kind: 'postgres', migrateAtBoot: false });
  });

  it('serves the shop and runs the background jobs in one process unless ROLE says otherwise', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ ROLE: 'worker' }).role).toBe('worker');
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
    [{ FIREBASE_PROJECT_ID: 'shop', FIREBASE_API_KEY: 'key', SESSION_SECRET: secret }, 'SHOP_URL'],
    [{ SHOP_URL: 'shop.example' }, 'SHOP_URL'],
    [{ SHOP_URL: 'ftp://shop.example' }, 'SHOP_URL'],
    [{ SHOP_URL: 'https://shop.example/store' }, 'SHOP_URL'],
    [{ SESSION_CHECK_INTERVAL_MS: '5000' }, 'SESSION_CHECK_INTERVAL_MS'],
    [{ SESSION_CHECK_INTERVAL_MS: 'often' }, 'SESSION_CHECK_INTERVAL_MS'],
    [{ DATABASE_URL: 'postgres://u@db/shop' }, 'SESSION_SECRET'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ SESSION_SECRET: `${secret},short` }, 'SESSION_SECRET'],
    [{ SESSION_SECRET: `${secret},` }, 'SESSION_SECRET'],
    [{ HOLD_EXPIRY_HOURS: 'a day' }, 'HOLD_EXPIRY_HOURS'],
    [{ HOLD_EXPIRY_HOURS: '0' }, 'HOLD_EXPIRY_HOURS'],
    [{ SHOP_TIME_ZONE: '+02:00' }, 'SHOP_TIME_ZONE'],
    [{ SHOP_TIME_ZONE: 'Europe/Nowhere' }, 'SHOP_TIME_ZONE'],
    [{ HOLD_LIMIT_BOOKINGS: '0' }, 'HOLD_LIMIT_BOOKINGS'],
    [{ HOLD_LIMIT_UNITS: '2.5' }, 'HOLD_LIMIT_UNITS'],
    [{ HOLD_LIMIT_DOLLARS: 'lots' }, 'HOLD_LIMIT_DOLLARS'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE'],
    [{ DATABASE_POOL_SIZE: 'many' }, 'DATABASE_POOL_SIZE'],
    [{ LOG_LEVEL: 'INFO ' }, 'LOG_LEVEL'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ ROLE: 'cron' }, 'ROLE'],
    [{ MIGRATE_AT_BOOT: 'no' }, 'MIGRATE_AT_BOOT'],
    [{ SHUTDOWN_TIMEOUT_MS: '0' }, 'SHUTDOWN_TIMEOUT_MS'],
    [{ SHUTDOWN_TIMEOUT_MS: '10s' }, 'SHUTDOWN_TIMEOUT_MS'],
    [{ SHUTDOWN_DRAIN_MS: '-1' }, 'SHUTDOWN_DRAIN_MS'],
    [{ SHUTDOWN_TIMEOUT_MS: '3000', SHUTDOWN_DRAIN_MS: '3000' }, 'SHUTDOWN_DRAIN_MS'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '-1' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
    [{ DATABASE_LOCK_TIMEOUT_MS: '1.5' }, 'DATABASE_LOCK_TIMEOUT_MS'],
    [{ SMTP_MAX_CONNECTIONS: '0' }, 'SMTP_MAX_CONNECTIONS'],
    [{ SMTP_MAX_CONNECTIONS: 'plenty' }, 'SMTP_MAX_CONNECTIONS'],
    [{ MAIL_FROM: 'Sprocket' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'orders@localhost' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'a@example.com, b@example.com' }, 'MAIL_FROM'],
    [{ ALLOW_MAIL_CATCHER: 'yes' }, 'ALLOW_MAIL_CATCHER'],
  ])('stops on %j with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});

describe('the embedded emulators on a network', () => {
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
    expect(loadConfig({ HOST: '0.0.0.0', ...realIdentity, ...realPayments, ROLE: 'web' }).host).toBe('0.0.0.0');
  });

  it('refuses an ALLOW_EMULATORS_ON_NETWORK other than true or false', () => {
    expect(() => loadConfig({ ALLOW_EMULATORS_ON_NETWORK: 'yes' })).toThrow(/ALLOW_EMULATORS_ON_NETWORK: must be true or false/);
  });
});

describe('order emails of a real shop', () => {
  const realShop = { ...realIdentity, ...realPayments, DATABASE_URL: 'postgres://u@db:5432/shop' };

  it.each(['all', 'worker'])('refuses to start ROLE=%s without a mail server, in one sentence naming SMTP_URL', (role) => {
    expect(() => loadConfig({ ...realShop, ROLE: role })).toThrow(ConfigError);
    expect(() => loadConfig({ ...realShop, ROLE: role })).toThrow(
      new RegExp(
        `^SMTP_URL: required when identity and payments are real and this process sends the order emails \\(ROLE=${role}\\).*ALLOW_MAIL_CATCHER=true[^.]*\\.$`,
      ),
    );
  });

  it('sends through SMTP_URL, or keeps the catcher when ALLOW_MAIL_CATCHER=true says it is staging', () => {
    expect(loadConfig({ ...realShop, ROLE: 'worker', SMTP_URL: 'smtp://mail.example:587' }).mail.kind).toBe('smtp');
    expect(loadConfig({ ...realShop, ROLE: 'worker', ALLOW_MAIL_CATCHER: 'true' }).mail.kind).toBe('catcher');
  });

  it('asks no mail setting of a web process, which sends no email', () => {
    expect(loadConfig({ ...realShop, ROLE: 'web' }).role).toBe('web');
  });

  it('keeps the catcher as the default with the emulators, on Postgres or PGlite alike, or one piece real', () => {
    expect(loadConfig({}).mail.kind).toBe('catcher');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/shop', SESSION_SECRET: secret, ROLE: 'worker' }).mail.kind).toBe(
      'catcher',
    );
    expect(loadConfig(realIdentity).mail.kind).toBe('catcher');
    expect(loadConfig({ ...realPayments, SESSION_SECRET: secret }).mail.kind).toBe('catcher');
  });
});
