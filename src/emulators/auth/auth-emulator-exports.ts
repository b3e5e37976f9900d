// Where a persistent Auth emulator keeps its accounts between runs, so they survive restarts and,
// as far as practical, a hard kill. Every export is a fresh directory under <dataDir>/exports that
// the emulator hub fills in a temporary directory and renames into place, so an export directory
// holding the metadata file is always complete; the newest complete one is imported at start.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const METADATA_FILE = 'firebase-export-metadata.json';
// The hub's temporary export directories, created in the emulator's working directory (dataDir).
const HUB_TEMP_DIR_PREFIX = 'firebase-export-';
const CHANGE_CHECK_INTERVAL_MS = 2_000;

function exportsDir(dataDir: string): string {
  return join(dataDir, 'exports');
}

/** A new, not yet existing export directory. */
export function newExportPath(dataDir: string, label: string): string {
  mkdirSync(exportsDir(dataDir), { recursive: true });
  return join(exportsDir(dataDir), `${Date.now()}-${label}`);
}

/** The most recently written complete export, if any. */
export function latestCompleteExport(dataDir: string): string | undefined {
  if (!existsSync(exportsDir(dataDir))) return undefined;
  let latest: { path: string; writtenAt: number } | undefined;
  for (const name of readdirSync(exportsDir(dataDir))) {
    const path = join(exportsDir(dataDir), name);
    const metadata = join(path, METADATA_FILE);
    if (!existsSync(metadata)) continue;
    const writtenAt = statSync(metadata).mtimeMs;
    if (!latest || writtenAt > latest.writtenAt) latest = { path, writtenAt };
  }
  return latest?.path;
}

/** Removes every export but `keep`, and what an interrupted export left behind. */
export function removeExportsExcept(dataDir: string, keep: string | undefined): void {
  if (existsSync(exportsDir(dataDir))) {
    for (const name of readdirSync(exportsDir(dataDir))) {
      const path = join(exportsDir(dataDir), name);
      if (path !== keep) rmSync(path, { recursive: true, force: true });
    }
  }
  for (const name of readdirSync(dataDir)) {
    if (!name.startsWith(HUB_TEMP_DIR_PREFIX)) continue;
    rmSync(join(dataDir, name), { recursive: true, force: true });
  }
}

export interface ExportLoopOptions {
  dataDir: string;
  projectId: string;
  authUrl: string;
  hubUrl: string;
  log: (line: string) => void;
}

export interface ExportLoop {
  /** Stops checking and waits for an export in progress. */
  stop: () => Promise<void>;
}

/**
 * Every couple of seconds, asks the emulator for its accounts and, when they changed since the
 * last export (a sign-up, a disabled account, a sign-in's timestamps), exports through the hub and
 * removes the older exports. The browser signs up with the emulator directly, so the server has no
 * other way to know when accounts change.
 */
export async function startExportLoop(o: ExportLoopOptions): Promise<ExportLoop> {
  let exportedAccounts = await fetchAccounts(o).catch(() => undefined);
  let running: Promise<void> = Promise.resolve();
  let lastFailure: string | undefined;

  async function exportIfChanged(): Promise<void> {
    try {
      const accounts = await fetchAccounts(o);
      if (accounts === exportedAccounts) return;
      const path = newExportPath(o.dataDir, 'periodic');
      await requestHubExport(o.hubUrl, path);
      removeExportsExcept(o.dataDir, path);
      exportedAccounts = accounts;
      lastFailure = undefined;
    } catch (error) {
      const failure = (error as Error).message;
      // Once per distinct failure, not every two seconds while the emulator is gone.
      if (failure !== lastFailure) o.log(`auth emulator export failed, will retry: ${failure}`);
      lastFailure = failure;
    }
  }

  const timer = setInterval(() => {
    running = running.then(exportIfChanged);
  }, CHANGE_CHECK_INTERVAL_MS);
  timer.unref();

  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

async function fetchAccounts(o: ExportLoopOptions): Promise<string> {
  const projectPath = `identitytoolkit.googleapis.com/v1/projects/${o.projectId}`;
  const response = await fetch(`${o.authUrl}/${projectPath}/accounts:batchGet?maxResults=-1`, {
    headers: { authorization: 'Bearer owner' },
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`listing accounts answered HTTP ${response.status}`);
  return response.text();
}

async function requestHubExport(hubUrl: string, path: string): Promise<void> {
  const response = await fetch(`${hubUrl}/_admin/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path, initiatedBy: 'sprocket', targets: ['auth'] }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) {
    throw new Error(`the hub answered HTTP ${response.status}: ${await response.text()}`);
  }
}
