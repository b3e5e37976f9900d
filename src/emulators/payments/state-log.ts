// The state file on disk: an append-only log of changes, one JSON line each, so that a write costs
// what the change costs, not what the whole state costs. A batch of lines is flushed (fdatasync)
// before the requests that made it are answered. The log is replayed at start, then replaced
// atomically (a temporary file, flushed, renamed over it) by a snapshot of what it holds: at every
// start, and whenever it has grown to several times its last snapshot. A line a kill cut short has
// no newline; it was never acknowledged, so replaying skips it. docs/decisions/0036 says why a log
// of our own rather than a database.
import { mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { IdempotentResponse } from './idempotency';
import type { PaymentIntent } from './intents';
import type { Refund } from './refunds';

/** One line of the log: a record as it is now (a later line for the same id replaces it). */
export type Change = { intent: PaymentIntent } | { refund: Refund } | { response: IdempotentResponse };

/** The whole-file state the emulator wrote before the log (one JSON object, rewritten on every change). */
interface WholeStateFile {
  version: 1;
  paymentIntents: PaymentIntent[];
  /** Absent in files written before refunds were emulated. */
  refunds?: Refund[];
  idempotentResponses: IdempotentResponse[];
}

const LOG_VERSION = 2;
const HEADER = `${JSON.stringify({ version: LOG_VERSION })}\n`;

/**
 * The log is compacted once it holds this many times its last snapshot, so each byte of state is
 * rewritten about once per this many bytes appended; the floor spares a small state from frequent
 * rewrites.
 */
const COMPACT_AT_TIMES_SNAPSHOT = 4;
const COMPACT_FLOOR_BYTES = 64 * 1024;

/** The changes a state file holds, oldest first: none when there is no file yet. Reads the old whole-file state too. */
export async function readStateLog(file: string): Promise<Change[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const lines = text.split('\n');
  const header = parseLine(lines[0] ?? '', file, 1) as { version?: unknown };
  if (header.version === 1) return wholeStateChanges(header as WholeStateFile);
  if (header.version !== LOG_VERSION) {
    throw new Error(`${file} is not a payments emulator state file (version ${String(header.version)}).`);
  }
  // The piece after the last newline: empty, or a line cut short by a kill while it was written.
  lines.pop();
  return lines.slice(1).map((line, index) => asChange(parseLine(line, file, index + 2), file, index + 2));
}

function parseLine(line: string, file: string, lineNumber: number): unknown {
  try {
    return JSON.parse(line);
  } catch (error) {
    throw new Error(`${file}, line ${lineNumber}, is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

function asChange(value: unknown, file: string, lineNumber: number): Change {
  if (typeof value === 'object' && value !== null && ('intent' in value || 'refund' in value || 'response' in value)) {
    return value as Change;
  }
  throw new Error(`${file}, line ${lineNumber}, is not a payments emulator change.`);
}

function wholeStateChanges(state: WholeStateFile): Change[] {
  return [
    ...state.paymentIntents.map((intent) => ({ intent })),
    ...(state.refunds ?? []).map((refund) => ({ refund })),
    ...state.idempotentResponses.map((response) => ({ response })),
  ];
}

function lineOf(change: Change): string {
  return `${JSON.stringify(change)}\n`;
}

export class StateLog {
  /** Bytes in the file now, and in its last snapshot. */
  private size = 0;
  private snapshotSize = 0;
  /** A write failed part-way: the file may end in a partial batch, so only a snapshot may follow. */
  private damaged = false;

  private constructor(
    private readonly file: string,
    private handle: FileHandle | null,
  ) {}

  /** Replaces whatever the file holds with these records, and appends to it from then on. */
  static async start(file: string, records: readonly Change[]): Promise<StateLog> {
    await mkdir(dirname(file), { recursive: true });
    const log = new StateLog(file, null);
    await log.compact(records);
    return log;
  }

  /** Whether the next write should be a snapshot rather than an append. */
  wantsSnapshot(): boolean {
    return this.damaged || this.size > COMPACT_AT_TIMES_SNAPSHOT * Math.max(this.snapshotSize, COMPACT_FLOOR_BYTES);
  }

  /** Appends the changes and flushes them to disk. */
  async append(changes: readonly Change[]): Promise<void> {
    const text = changes.map(lineOf).join('');
    this.damaged = true;
    await this.appendHandle().writeFile(text);
    await this.appendHandle().datasync();
    this.size += Buffer.byteLength(text);
    this.damaged = false;
  }

  /** Writes these records to a new file and renames it over the log: a crash leaves the old log or the new one. */
  async compact(records: readonly Change[]): Promise<void> {
    const text = HEADER + records.map(lineOf).join('');
    const temporary = `${this.file}.${process.pid}.tmp`;
    const written = await open(temporary, 'w');
    try {
      await written.writeFile(text);
      await written.sync();
    } finally {
      await written.close();
    }
    await rename(temporary, this.file);
    await syncDirectory(dirname(this.file));
    await this.handle?.close();
    this.handle = await open(this.file, 'a');
    this.size = this.snapshotSize = Buffer.byteLength(text);
    this.damaged = false;
  }

  async close(): Promise<void> {
    await this.handle?.close();
    this.handle = null;
  }

  private appendHandle(): FileHandle {
    if (this.handle === null) throw new Error(`${this.file} is closed.`);
    return this.handle;
  }
}

/** Makes a rename in the directory durable, as fsync makes a file's contents durable. */
async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
