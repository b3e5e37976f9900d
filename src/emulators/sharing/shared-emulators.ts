// The embedded Auth and payments emulators of a data directory, run once for every process that
// uses it: the first process to come (or `npm run emulators`) starts them and records where they
// answer; the others connect to them. A connected server process keeps watching and takes them
// over when their owner stops, on the same addresses, so the browser's pages and its own clients
// keep working (docs/decisions/0017). The storefront reaches this through its boot seam
// (src/server/boot/stand-ins.ts), which turns its configuration into the options below.
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { startAuthEmulator } from '../auth/auth-emulator';
import { startPaymentsEmulator } from '../payments';
import {
  ownedByAnotherLiveProcess,
  readEmulatorsRecord,
  releaseEmulators,
  tryToOwnEmulators,
  writeEmulatorsRecord,
  type EmulatorsRecord,
} from './emulators-ownership';

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

export interface SharingOptions {
  /** Where the emulators keep their state, their lock and their record. */
  dataDir: string;
  /** The Firebase Auth emulator, when identity is emulated. */
  auth?: { host: string; projectId: string; hubPort: number; loggingPort: number };
  /** The payments emulator's origin and keys, when payments are emulated. */
  payments?: { url: string; keys: PaymentsEmulatorKeys };
  /** Where the payments emulator posts its events. */
  webhookUrl: string;
  /** The pages that sign in and confirm cards with the emulators. */
  allowedOrigins: string[];
  log: FastifyBaseLogger;
  /** Keep watching a connected owner and take over when it stops (server processes, not the command). */
  takeOver: boolean;
}

/**
 * The recorded emulators answer at other addresses than this process is configured for: a mistake
 * in the configuration, which the storefront reports as one.
 */
export class EmulatorsElsewhereError extends Error {}

const STARTUP_TIMEOUT_MS = 90_000;
const POLL_MS = 250;
const WATCH_INTERVAL_MS = 2_000;

export async function useSharedEmulators(options: SharingOptions): Promise<SharedEmulators> {
  const { dataDir, log, takeOver } = options;
  const running = await ownOrConnect(options);
  let owned = running.owned;
  let watching: Promise<void> = Promise.resolve();
  const watch = () => {
    watching = watching.then(takeOverIfOwnerStopped);
  };
  const timer = takeOver && !owned ? setInterval(watch, WATCH_INTERVAL_MS) : undefined;
  timer?.unref();

  async function takeOverIfOwnerStopped(): Promise<void> {
    if (owned || (await ownedByAnotherLiveProcess(dataDir))) return;
    if (!(await tryToOwnEmulators(dataDir))) return;
    try {
      owned = await startOwned(options);
      log.info('took over the embedded emulators: the process that ran them stopped');
    } catch (error) {
      await releaseEmulators(dataDir);
      log.error({ err: error }, 'could not take over the embedded emulators; sign-ins and payments will fail');
    }
  }

  return {
    authHost: options.auth?.host,
    payments: options.payments,
    startedHere: owned !== undefined,
    async close() {
      clearInterval(timer);
      await watching;
      await owned?.();
    },
  };
}

type Closer = () => Promise<void>;

/** Starts them (owning them) or waits until their owner's record names emulators that answer. */
async function ownOrConnect(options: SharingOptions): Promise<{ owned?: Closer }> {
  const { dataDir, log } = options;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await tryToOwnEmulators(dataDir)) {
      try {
        return { owned: await startOwned(options) };
      } catch (error) {
        await releaseEmulators(dataDir);
        throw error;
      }
    }
    const record = await readEmulatorsRecord(dataDir);
    if (record) {
      refuseOtherAddresses(record, options);
      if (await answering(record, options)) {
        log.info(`embedded emulators: sharing those process ${record.pid} runs for ${dataDir}`);
        return {};
      }
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(
    `Another process (see ${join(dataDir, 'emulators.lock')}) owns the embedded emulators of ${dataDir}, but they did not answer within ${STARTUP_TIMEOUT_MS / 1000} s.`,
  );
}

/** Every process of a data directory must reach the emulators at the same addresses, as its pages do. */
function refuseOtherAddresses(record: EmulatorsRecord, { auth, payments }: SharingOptions): void {
  const differs = (recorded: string | undefined, mine: string | undefined) => mine !== undefined && recorded !== mine;
  if (!differs(record.authHost, auth?.host) && !differs(record.paymentsUrl, payments?.url)) return;
  throw new EmulatorsElsewhereError(
    `The embedded emulators of this data directory run at ${record.authHost ?? 'no Auth emulator'} and ${record.paymentsUrl ?? 'no payments emulator'} (process ${record.pid}), but this process is configured for ${auth?.host ?? 'none'} and ${payments?.url ?? 'none'}: give every process on one DATA_DIR the same FIREBASE_AUTH_EMULATOR_HOST and STRIPE_API_BASE.`,
  );
}

async function answering(record: EmulatorsRecord, { auth, payments }: SharingOptions): Promise<boolean> {
  const checks: Array<Promise<boolean>> = [];
  if (auth) checks.push(answers(`http://${record.authHost}`, {}, 200));
  if (payments) {
    // An unknown intent, asked with our key: 404 is an emulator that holds this data directory's keys.
    const headers = { authorization: `Bearer ${payments.keys.secretKey}` };
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
async function startOwned(options: SharingOptions): Promise<Closer> {
  const { dataDir, auth, payments, webhookUrl } = options;
  const closers: Closer[] = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await releaseEmulators(dataDir);
  };
  try {
    // Together (the Auth emulator takes longest), each closer kept before a failure is thrown.
    const starts = await Promise.allSettled([
      auth === undefined ? undefined : startAuth(options, auth).then((close) => closers.push(close)),
      payments === undefined ? undefined : startPayments(options, payments).then((close) => closers.push(close)),
    ]);
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
    await writeEmulatorsRecord(dataDir, {
      pid: process.pid,
      authHost: auth?.host,
      paymentsUrl: payments?.url,
      webhookUrl: payments === undefined ? undefined : webhookUrl,
    });
    return closeAll;
  } catch (error) {
    await closeAll();
    throw error;
  }
}

async function startAuth(
  { dataDir, allowedOrigins, log }: SharingOptions,
  auth: NonNullable<SharingOptions['auth']>,
): Promise<Closer> {
  const [host = '127.0.0.1', port = '9099'] = auth.host.split(':');
  log.info(`embedded emulators: starting the Firebase Auth emulator at ${auth.host}…`);
  const emulator = await startAuthEmulator({
    host,
    port: Number(port),
    hubPort: auth.hubPort,
    loggingPort: auth.loggingPort,
    projectId: auth.projectId,
    dataDir: join(dataDir, 'auth-emulator'),
    // The shop's pages sign in through it; no other site's may.
    allowedOrigins,
    log: (line) => log.debug({ emulator: 'auth' }, line),
  });
  log.info(`embedded emulators: started the Firebase Auth emulator at ${emulator.url}`);
  return emulator.close;
}

async function startPayments(
  { dataDir, allowedOrigins, webhookUrl, log }: SharingOptions,
  payments: NonNullable<SharingOptions['payments']>,
): Promise<Closer> {
  const apiBase = new URL(payments.url);
  log.info(`embedded emulators: starting the payments emulator at ${apiBase.host}…`);
  const emulator = await startPaymentsEmulator({
    host: apiBase.hostname,
    port: Number(apiBase.port || 80),
    ...payments.keys,
    allowedOrigins,
    // One address receives each event once: this process's, or under `npm run emulators` the
    // PORT it is given (the load balancer's). Every storefront process can verify it.
    webhookUrl,
    stateFile: join(dataDir, 'payments-emulator.json'),
    log: (line) => log.debug({ emulator: 'payments' }, line),
  });
  log.info(`embedded emulators: started the payments emulator at ${emulator.url}, events to ${webhookUrl}`);
  return emulator.close;
}
