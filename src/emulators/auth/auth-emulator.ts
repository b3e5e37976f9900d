// Runs the Firebase Auth emulator (firebase-tools) as a child process of our server, on ports of
// its own so several emulators (a dev server, test runs) never collide, optionally keeping its
// accounts under a data directory across restarts. It answers only this machine's names and, from
// web pages, only the shop's origins on the sign-in API (auth-emulator-request-guard.cjs).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../free-port';
import { latestCompleteExport, newExportPath, removeExportsExcept, startExportLoop, type ExportLoop } from './auth-emulator-exports';

export interface AuthEmulatorOptions {
  /** Defaults to 127.0.0.1. */
  host?: string;
  port: number;
  /** The ports of the CLI's Emulator Hub and logging service, which it opens beside the emulator; free ones when absent or 0. */
  hubPort?: number;
  loggingPort?: number;
  /** A "demo-" project id (e.g. demo-sprocket) needs no Google credentials at all. */
  projectId: string;
  /** Keeps accounts here across restarts; absent means they are thrown away on close. */
  dataDir?: string;
  /** Receives every line the emulator prints. */
  log?: (line: string) => void;
  /** The shop's origins (`http://127.0.0.1:3000`): the only web pages that may sign in through it. */
  allowedOrigins?: readonly string[];
}

export interface RunningAuthEmulator {
  /** "127.0.0.1:9099", the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string;
  /** "http://127.0.0.1:9099" */
  url: string;
  /** The Firebase CLI process. */
  pid: number;
  /** Stops the emulator (saving its accounts when it has a dataDir); safe to call twice. */
  close: () => Promise<void>;
}

const READY_TIMEOUT_MS = 60_000;
const READY_POLL_INTERVAL_MS = 250;
const PORT_RELEASE_WAIT_MS = 5_000;
// A clean shutdown includes the final export; after this the process group is killed (the parent
// watch forces its own exit after 20 s).
const CLEAN_SHUTDOWN_TIMEOUT_MS = 25_000;
const OUTPUT_LINES_KEPT = 60;

// Plain CommonJS preloads for the emulator's own process, found beside the running module: this
// folder from source, dist/server in the server build (which copies them there), so a deploy needs
// nothing from src/.
const parentWatchScript = fileURLToPath(new URL('./auth-emulator-parent-watch.cjs', import.meta.url));
const lazyValidatorsScript = fileURLToPath(new URL('./auth-emulator-lazy-validators.cjs', import.meta.url));
const requestGuardScript = fileURLToPath(new URL('./auth-emulator-request-guard.cjs', import.meta.url));

export async function startAuthEmulator(o: AuthEmulatorOptions): Promise<RunningAuthEmulator> {
  const host = o.host ?? '127.0.0.1';
  const log = o.log ?? (() => {});
  await waitForFreePort(host, o.port);
  const hubPort = o.hubPort || (await freePort({ host, exclude: [o.port] }));
  const loggingPort = o.loggingPort || (await freePort({ host, exclude: [o.port, hubPort] }));

  // The hub writes a locator file named after the project into the OS temp directory, and the
  // CLI's export-on-exit finds "its" hub through it; a private temp directory keeps two emulators
  // of one project from finding each other's.
  const privateTempDir = mkdtempSync(join(tmpdir(), 'sprocket-auth-emulator-'));
  // Absolute: the CLI runs in another working directory and resolves the paths we pass.
  const dataDir = o.dataDir === undefined ? undefined : resolvePath(o.dataDir);
  const workDir = dataDir ?? privateTempDir;
  const configFile = writeFirebaseConfig(workDir, host, {
    auth: o.port,
    hub: hubPort,
    logging: loggingPort,
  });

  const persistence: string[] = [];
  if (dataDir) {
    const importFrom = latestCompleteExport(dataDir);
    removeExportsExcept(dataDir, importFrom);
    if (importFrom) persistence.push('--import', importFrom);
    persistence.push('--export-on-exit', newExportPath(dataDir, 'on-exit'));
  }

  const startedAt = Date.now();
  const cliArguments = ['--project', o.projectId, '--config', configFile, ...persistence];
  const child = spawnEmulatorCli(cliArguments, workDir, childEnvironment(privateTempDir, host, o.allowedOrigins ?? []));
  if (child.pid === undefined) {
    rmSync(privateTempDir, { recursive: true, force: true });
    throw new Error(`Could not start the Firebase CLI with ${process.execPath}.`);
  }
  const pid = child.pid;
  const output = collectOutput(child, log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => log(`auth emulator process error: ${error.message}`));
  child.stdin?.on('error', () => {}); // EPIPE when the CLI is already gone; its exit is handled
  const addr = `${host}:${o.port}`;
  const url = `http://${addr}`;
  const hubUrl = `http://${host}:${hubPort}`;

  try {
    await waitUntilReady(child, hubUrl, url, addr, output);
  } catch (error) {
    await kill(pid, exited); // nothing to save: nobody could reach it yet
    rmSync(privateTempDir, { recursive: true, force: true });
    throw error;
  }
  log(`auth emulator ready at ${addr} after ${Date.now() - startedAt} ms`);

  const exportLoop: ExportLoop | undefined = dataDir
    ? await startExportLoop({
        dataDir,
        projectId: o.projectId,
        authUrl: url,
        hubUrl,
        log,
      })
    : undefined;

  let closing: Promise<void> | undefined;
  child.once('exit', (code, signal) => {
    if (closing) return;
    log(`auth emulator exited unexpectedly (${code ?? signal}); identity calls will fail`);
  });
  return {
    host: addr,
    url,
    pid,
    close() {
      closing ??= (async () => {
        await exportLoop?.stop();
        await stopCleanly(child, pid, exited);
        // The parent watch removes it too, unless the CLI had to be killed.
        rmSync(privateTempDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}

function writeFirebaseConfig(workDir: string, host: string, ports: { auth: number; hub: number; logging: number }): string {
  mkdirSync(workDir, { recursive: true });
  const configFile = join(workDir, 'firebase.json');
  const emulators = {
    auth: { host, port: ports.auth },
    hub: { host, port: ports.hub },
    logging: { host, port: ports.logging },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  writeFileSync(configFile, JSON.stringify({ emulators }, null, 2));
  return configFile;
}

function spawnEmulatorCli(cliArguments: string[], workDir: string, env: NodeJS.ProcessEnv) {
  const preloads = [parentWatchScript, lazyValidatorsScript, requestGuardScript].flatMap((script) => ['--require', script]);
  const nodeArguments = [...preloads, firebaseCliPath()];
  const emulatorsStart = ['emulators:start', '--only', 'auth', ...cliArguments];
  return spawn(process.execPath, [...nodeArguments, ...emulatorsStart], {
    // The hub renames its temporary export directory (made in the working directory) into the
    // export path: same file system, so the rename is atomic.
    cwd: workDir,
    env,
    // Own process group: Ctrl-C on our terminal reaches only us, and close() decides the order.
    detached: true,
    // stdin stays open while we want the emulator; see auth-emulator-parent-watch.cjs.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

function firebaseCliPath(): string {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('firebase-tools/package.json');
  const { bin } = require('firebase-tools/package.json') as { bin: { firebase: string } };
  return join(dirname(packageJson), bin.firebase);
}

function childEnvironment(privateTempDir: string, host: string, allowedOrigins: readonly string[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TMPDIR: privateTempDir,
    SPROCKET_AUTH_EMULATOR_TEMP_DIR: privateTempDir,
    // Read by the request guard: the host it was configured with, and the shop's origins.
    SPROCKET_AUTH_EMULATOR_HOST: host.includes(':') && !host.startsWith('[') ? `[${host}]` : host,
    SPROCKET_AUTH_EMULATOR_ALLOWED_ORIGINS: allowedOrigins.map((origin) => new URL(origin).origin).join(' '),
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    NO_UPDATE_NOTIFIER: '1',
  };
  delete env['FIREBASE_AUTH_EMULATOR_HOST'];
  return env;
}

/**
 * Fails unless the port is free or frees up within a few seconds: a restarted server (tsx watch)
 * may come up while the emulator of its previous run still shuts down.
 */
async function waitForFreePort(host: string, port: number): Promise<void> {
  const deadline = Date.now() + PORT_RELEASE_WAIT_MS;
  while (!(await portFree(host, port))) {
    if (Date.now() >= deadline) {
      throw new Error(`Cannot start the Firebase Auth emulator on ${host}:${port}: the port is in use.`);
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_INTERVAL_MS));
  }
}

function portFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

interface CollectedOutput {
  recent: () => string;
  /**
   * The CLI said all its emulators are ready, which it does only after importing the saved
   * accounts: the emulator answers on its port before that.
   */
  announcedReady: () => boolean;
}

const READY_ANNOUNCEMENT = 'All emulators ready';

function collectOutput(child: ChildProcess, log: (line: string) => void): CollectedOutput {
  const lines: string[] = [];
  let announcedReady = false;
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      if (line.trim() === '') return;
      announcedReady ||= line.includes(READY_ANNOUNCEMENT);
      lines.push(line);
      if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
      log(line);
    });
  }
  return { recent: () => lines.join('\n'), announcedReady: () => announcedReady };
}

async function waitUntilReady(child: ChildProcess, hubUrl: string, url: string, addr: string, output: CollectedOutput): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The Firebase Auth emulator exited (${child.exitCode ?? child.signalCode}) ` +
          `before answering on ${addr}. Its output:\n${output.recent()}`,
      );
    }
    // Ask our own hub first: something else might answer on the auth port.
    if (output.announcedReady() && (await hubListsAuth(hubUrl)) && (await answers(url))) return;
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_INTERVAL_MS));
  }
  throw new Error(
    `The Firebase Auth emulator did not answer on ${addr} within ${READY_TIMEOUT_MS / 1000} s. ` + `Its output:\n${output.recent()}`,
  );
}

async function hubListsAuth(hubUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${hubUrl}/emulators`, { signal: AbortSignal.timeout(1_000) });
    return response.ok && 'auth' in ((await response.json()) as object);
  } catch {
    return false;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Closes the CLI's stdin, which its preloaded parent watch answers with a clean shutdown (and the
 * export on exit); kills the whole process group if that takes too long.
 */
async function stopCleanly(child: ChildProcess, pid: number, exited: Promise<void>): Promise<void> {
  child.stdin?.end();
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => {
      setTimeout(() => resolve(true), CLEAN_SHUTDOWN_TIMEOUT_MS).unref();
    }),
  ]);
  if (timedOut) signalGroup(pid, 'SIGKILL');
  await exited;
  // Anything the CLI itself started and left behind.
  signalGroup(pid, 'SIGKILL');
}

async function kill(pid: number, exited: Promise<void>): Promise<void> {
  signalGroup(pid, 'SIGKILL');
  await exited;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
