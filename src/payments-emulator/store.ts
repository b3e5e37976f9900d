// What the emulator remembers, PaymentIntents and idempotent responses, kept in memory and, when a
// state file is given, mirrored to it (temp file + rename, so a crash never leaves half a file) and
// read back at start, so a restarted storefront finds its intents again.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { IDEMPOTENCY_KEY_LIFETIME_MS, type IdempotentResponse } from './idempotency';
import type { PaymentIntent } from './intents';

interface StateFile {
  version: 1;
  paymentIntents: PaymentIntent[];
  idempotentResponses: IdempotentResponse[];
}

function readStateFile(file: string): StateFile | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let state: StateFile;
  try {
    state = JSON.parse(text) as StateFile;
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (state.version !== 1) throw new Error(`${file} is not a payments emulator state file (version ${String(state.version)}).`);
  return state;
}

export class EmulatorStore {
  private readonly intents = new Map<string, PaymentIntent>();
  private readonly responses = new Map<string, IdempotentResponse>();

  private constructor(private readonly file: string | undefined) {}

  static open(file?: string): EmulatorStore {
    const store = new EmulatorStore(file);
    const state = file === undefined ? undefined : readStateFile(file);
    for (const intent of state?.paymentIntents ?? []) store.intents.set(intent.id, intent);
    for (const response of state?.idempotentResponses ?? []) store.responses.set(response.key, response);
    return store;
  }

  intent(id: string): PaymentIntent | undefined {
    return this.intents.get(id);
  }

  saveIntent(intent: PaymentIntent): void {
    this.intents.set(intent.id, intent);
    this.persist();
  }

  idempotentResponse(key: string): IdempotentResponse | undefined {
    return this.responses.get(key);
  }

  saveIdempotentResponse(response: IdempotentResponse): void {
    const oldest = Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS;
    for (const [key, saved] of this.responses) if (saved.createdAt < oldest) this.responses.delete(key);
    this.responses.set(response.key, response);
    this.persist();
  }

  /** Synchronous: the file is small, and it keeps writes in request order without a queue. */
  private persist(): void {
    if (this.file === undefined) return;
    const state: StateFile = {
      version: 1,
      paymentIntents: [...this.intents.values()],
      idempotentResponses: [...this.responses.values()],
    };
    const temporary = `${this.file}.${process.pid}.tmp`;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(temporary, JSON.stringify(state));
    renameSync(temporary, this.file);
  }
}
