// The embedded Auth and payments emulators of a data directory, run once for every process that
// uses it: the first process to come (or `npm run emulators`) starts them and records where they
// answer; the others connect to them. A connected server process keeps watching and takes them
// over when their owner stops, on the same addresses, so the browser's pages and its own clients
// keep working (docs/decisions/0017).
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { startPaymentsEmulator } from '../payments';
import { ConfigError, type Config } from '../../server/config';
import { startAuthEmulator } from '../auth/auth-emulator';
import { isLoopbackHost } from '../../shared/loopback';
import {
  ownedByAnotherLiveProcess,
  readEmulatorsRecord,
  releaseEmulators,
  tryToOwnEmulators,
  writeEmulatorsRecord,
  type EmulatorsRecord,
} from './emulators-ownership';
import { readOrCreateSecret } from '../../server/boot/secrets';

interface PaymentsEmulatorKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

export interface SharedEmulators {
  /** "127.0.0.1:9099", when identity is emulated. */
  authHost?: string;
  /** "http://127.0.0.1:12111" and the data directory's keys, when payments are emulated. */
  payments?: { url: string; keys: PaymentsEmulatorKeys };
  /** This process started them (else it connected to another's). */
  startedHere: boolean;
  /** Stops watching, and stops the emulators if this process owns them. */
  close: () => Promise<void>;
}

interface Options {
  config: Config;
  log: FastifyBaseLogger;
  /** Keep watching a connected owner and take over when it stops (server processes, not the command). */
  takeOver: boolean;
}

const STARTUP_TIMEOUT_MS = 90_000;
const POLL_MS = 250;
const WATCH_INTERVAL_MS = 2_000;

export async function useSharedEmulators({ config, log, takeOver }: Options): Promise<SharedEmulators> {
  const wanted = await wantedEmulators(config);
  const running = await ownOrConnect(config, wanted, log);
  let owned = running.owned;
  let watching: Promise<void> = Promise.resolve();
  const watch = () => {
    watching = watching.then(takeOverIfOwnerStopped);
  };
  const timer = takeOver && !owned ? setInterval(watch, WATCH_INTERVAL_MS) : undefined;
  timer?.unref();

  async function takeOverIfOwnerStopped(): Promise<void> {
    if (owned || (await ownedByAnotherLiveProcess(config.dataDir))) return;
    if (!(await tryToOwnEmulators(config.dataDir))) return;
    try {
      owned = await startOwned(config, wanted, log);
      log.info('took over the embedded emulators: the process that ran them stopped');
    } catch (error) {
      await releaseEmulators(config.dataDir);
      log.error({ err: error }, 'could not take over the embedded emulators; sign-ins and payments will fail');
    }
  }

  return {
    authHost: wanted.authHost,
    payments: wanted.paymentsUrl && wanted.keys ? { url: wanted.paymentsUrl, keys: wanted.keys } : undefined,
    startedHere: owned !== undefined,
    async close() {
      clearInterval(timer);
      await watching;
      await owned?.();
    },
  };
}

interface WantedEmulators {
  authHost?: string;
  paymentsUrl?: string;
  keys?: PaymentsEmulatorKeys;
}

async function wantedEmulators(config: Config): Promise<WantedEmulators> {
  const wanted: WantedEmulators = {};
  if (config.identity.kind === 'emulator') wanted.authHost = config.identity.host;
  if (config.payments.kind === 'emulator') {
    wanted.paymentsUrl = new URL(config.payments.apiBase).origin;
    // Keys of this data directory's own, like the other secrets: with a well-known key, any program
    // on the machine could create, read or pay the shop's PaymentIntents.
    const [secretKey, publishableKey, webhookSecret] = await Promise.all([
      readOrCreateSecret(config.dataDir, 'payments-secret-key', 'sk_test_'),
      readOrCreateSecret(config.dataDir, 'payments-publishable-key', 'pk_test_'),
      readOrCreateSecret(config.dataDir, 'payments-webhook', 'whsec_'),
    ]);
    wanted.keys = { secretKey, publishableKey, webhookSecret };
  }
  return wanted;
}

type Closer = () => Promise<void>;

/** Starts them (owning them) or waits until their owner's record names emulators that answer. */
async function ownOrConnect(config: Config, wanted: WantedEmulators, log: FastifyBaseLogger): Promise<{ owned?: Closer }> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await tryToOwnEmulators(config.dataDir)) {
      try {
        return { owned: await startOwned(config, wanted, log) };
      } catch (error) {
        await releaseEmulators(config.dataDir);
        throw error;
      }
    }
    const record = await readEmulatorsRecord(config.dataDir);
    if (record) {
      refuseOtherAddresses(record, wanted);
      if (await answering(record, wanted)) {
        log.info(`embedded emulators: sharing those process ${record.pid} runs for ${config.dataDir}`);
        return {};
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(
    `Another process (see ${join(config.dataDir, 'emulators.lock')}) owns the embedded emulators of ${config.dataDir}, but they did not answer within ${STARTUP_TIMEOUT_MS / 1000} s.`,
  );
}

/** Every process of a data directory must reach the emulators at the same addresses, as its pages do. */
function refuseOtherAddresses(record: EmulatorsRecord, wanted: WantedEmulators): void {
  const differs = (recorded: string | undefined, mine: string | undefined) => mine !== undefined && recorded !== mine;
  if (!differs(record.authHost, wanted.authHost) && !differs(record.paymentsUrl, wanted.paymentsUrl)) return;
  throw new ConfigError(
    `The embedded emulators of this data directory run at ${record.authHost ?? 'no Auth emulator'} and ${record.paymentsUrl ?? 'no payments emulator'} (process ${record.pid}), but this process is configured for ${wanted.authHost ?? 'none'} and ${wanted.paymentsUrl ?? 'none'}: give every process on one DATA_DIR the same FIREBASE_AUTH_EMULATOR_HOST and STRIPE_API_BASE.`,
  );
}

async function answering(record: EmulatorsRecord, wanted: WantedEmulators): Promise<boolean> {
  const checks: Array<Promise<boolean>> = [];
  if (wanted.authHost) checks.push(answers(`http://${record.authHost}`, {}, 200));
  if (wanted.paymentsUrl && wanted.keys) {
    // An unknown intent, asked with our key: 404 is an emulator that holds this data directory's keys.
    const headers = { authorization: `Bearer ${wanted.keys.secretKey}` };
    checks.push(answers(`${record.paymentsUrl}/v1/payment_intents/pi_sharedemulatorsprobe`, headers, 404));
  }
  return (await Promise.all(checks)).every(Boolean);
}

async function answers(url: string, headers: Record<string, string>, status: number): Promise<boolean> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === status;
  } catch {
    return false;
  }
}

/** Starts the wanted emulators and records them; the closer stops them and gives up ownership. */
async function startOwned(config: Config, wanted: WantedEmulators, log: FastifyBaseLogger): Promise<Closer> {
  const closers: Closer[] = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await releaseEmulators(config.dataDir);
  };
  try {
    const webhookUrl = `http://127.0.0.1:${config.port}/webhooks/stripe`;
    // Together (the Auth emulator takes longest), each closer kept before a failure is thrown.
    const starts = await Promise.allSettled([
      wanted.authHost === undefined ? undefined : startAuth(config, wanted.authHost, log).then((close) => closers.push(close)),
      wanted.paymentsUrl === undefined || wanted.keys === undefined
        ? undefined
        : startPayments(config, wanted.paymentsUrl, wanted.keys, webhookUrl, log).then((close) => closers.push(close)),
    ]);
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    await writeEmulatorsRecord(config.dataDir, {
      pid: process.pid,
      authHost: wanted.authHost,
      paymentsUrl: wanted.paymentsUrl,
      webhookUrl: wanted.paymentsUrl === undefined ? undefined : webhookUrl,
    });
    return closeAll;
  } catch (error) {
    await closeAll();
    throw error;
  }
}

async function startAuth(config: Config, authHost: string, log: FastifyBaseLogger): Promise<Closer> {
  const [host = '127.0.0.1', port = '9099'] = authHost.split(':');
  log.info(`embedded emulators: starting the Firebase Auth emulator at ${authHost}…`);
  const emulator = await startAuthEmulator({
    host,
    port: Number(port),
    ...(config.identity.kind === 'emulator' ? { hubPort: config.identity.hubPort, loggingPort: config.identity.loggingPort } : {}),
    projectId: config.identity.projectId,
    dataDir: join(config.dataDir, 'auth-emulator'),
    // The shop's pages sign in through it; no other site's may.
    allowedOrigins: storefrontOrigins(config),
    log: (line) => log.debug({ emulator: 'auth' }, line),
  });
  log.info(`embedded emulators: started the Firebase Auth emulator at ${emulator.url}`);
  return emulator.close;
}

async function startPayments(
  config: Config,
  url: string,
  keys: PaymentsEmulatorKeys,
  webhookUrl: string,
  log: FastifyBaseLogger,
): Promise<Closer> {
  const apiBase = new URL(url);
  log.info(`embedded emulators: starting the payments emulator at ${apiBase.host}…`);
  const emulator = await startPaymentsEmulator({
    host: apiBase.hostname,
    port: Number(apiBase.port || 80),
    ...keys,
    allowedOrigins: storefrontOrigins(config),
    // One address receives each event once: this process's, or under `npm run emulators` the
    // PORT it is given (the load balancer's). Every storefront process can verify it.
    webhookUrl,
    stateFile: join(config.dataDir, 'payments-emulator.json'),
    log: (line) => log.debug({ emulator: 'payments' }, line),
  });
  log.info(`embedded emulators: started the payments emulator at ${emulator.url}, events to ${webhookUrl}`);
  return emulator.close;
}

/** The pages that sign in and confirm cards with the embedded emulators: the shop's own, and CORS_ORIGINS. */
function storefrontOrigins(config: Config): string[] {
  const hosts = isLoopbackHost(config.host) ? ['127.0.0.1', 'localhost', '[::1]'] : [config.host];
  const own = hosts.map((host) => `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${config.port}`);
  return [...own, ...(config.security.corsOrigins ?? []).map((origin) => new URL(origin).origin)];
}
