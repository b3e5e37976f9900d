// The one door between the storefront and its stand-ins for Firebase Auth, Stripe and mail
// (src/emulators, programs of their own): no other storefront file imports them (eslint.config.js),
// so what the shop asks of them is all here. It turns the configuration into what the stand-ins
// take: the data directory's payments keys, the pages allowed to use them, where events go.
import type { FastifyBaseLogger } from 'fastify';
import { EmulatorsElsewhereError, useSharedEmulators, type SharedEmulators } from '../../emulators/sharing/shared-emulators';
import { isLoopbackHost } from '../../shared/loopback';
import { ConfigError, type Config } from '../config';
import { readOrCreateSecret } from './secrets';

export type { SharedEmulators } from '../../emulators/sharing/shared-emulators';
export { startMailCatcher } from '../../emulators/mail/mail-catcher';
export { TEST_CARD_NUMBERS } from '../../emulators/payments';

interface Options {
  config: Config;
  log: FastifyBaseLogger;
  /** Keep watching a connected owner and take over when it stops (server processes, not the command). */
  takeOver: boolean;
}

/**
 * The embedded Auth and payments emulators of the data directory, for the pieces configured as
 * emulated: started here, or those another process runs (docs/decisions/0017).
 */
export async function useStandIns({ config, log, takeOver }: Options): Promise<SharedEmulators> {
  const identity = config.identity;
  const auth =
    identity.kind === 'emulator'
      ? { host: identity.host, projectId: identity.projectId, hubPort: identity.hubPort, loggingPort: identity.loggingPort }
      : undefined;
  const payments = config.payments.kind === 'emulator' ? await paymentsEmulator(config, config.payments.apiBase) : undefined;
  return useSharedEmulators({
    dataDir: config.dataDir,
    auth,
    payments,
    webhookUrl: `http://127.0.0.1:${config.port}/webhooks/stripe`,
    allowedOrigins: storefrontOrigins(config),
    log,
    takeOver,
  }).catch((error: unknown) => {
    // Processes on one data directory configured for other addresses: the operator's to fix.
    throw error instanceof EmulatorsElsewhereError ? new ConfigError(error.message) : error;
  });
}

async function paymentsEmulator(config: Config, apiBase: string): Promise<NonNullable<SharedEmulators['payments']>> {
  // Keys of this data directory's own, like the other secrets: with a well-known key, any program
  // on the machine could create, read or pay the shop's PaymentIntents.
  const [secretKey, publishableKey, webhookSecret] = await Promise.all([
    readOrCreateSecret(config.dataDir, 'payments-secret-key', 'sk_test_'),
    readOrCreateSecret(config.dataDir, 'payments-publishable-key', 'pk_test_'),
    readOrCreateSecret(config.dataDir, 'payments-webhook', 'whsec_'),
  ]);
  return { url: new URL(apiBase).origin, keys: { secretKey, publishableKey, webhookSecret } };
}

/** The pages that sign in and confirm cards with the embedded emulators: the shop's own, and CORS_ORIGINS. */
function storefrontOrigins(config: Config): string[] {
  const hosts = isLoopbackHost(config.host) ? ['127.0.0.1', 'localhost', '[::1]'] : [config.host];
  const own = hosts.map((host) => `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${config.port}`);
  return [...own, ...(config.security.corsOrigins ?? []).map((origin) => new URL(origin).origin)];
}
