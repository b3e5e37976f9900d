// What the emulator remembers, PaymentIntents, refunds and idempotent responses, kept in memory and, when a
// state file is given, mirrored to it and read back at start, so a restarted storefront finds its
// intents again. Writes are asynchronous (the storefront embedding it shares its event loop) and
// whole: a temporary file flushed to disk, then renamed over the old one, so a crash leaves either
// the old state or the new one, never half a file.
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { IDEMPOTENCY_KEY_LIFETIME_MS, type IdempotentResponse } from './idempotency';
import type { PaymentIntent } from './intents';
import type { Refund } from './refunds';

interface StateFile {
  version: 1;
  paymentIntents: PaymentIntent[];
  /** Absent in files written before refunds were emulated. */
  refunds?: Refund[];
  idempotentResponses: IdempotentResponse[];
}

async function readStateFile(file: string): Promise<StateFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
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
  private readonly refunds = new Map<string, Refund>();
  /** Cents refunded so far per PaymentIntent, the sum of its refunds. */
  private readonly refundedByIntent = new Map<string, number>();
  private readonly responses = new Map<string, IdempotentResponse>();

  /** The write in progress, if any; `dirty` asks for one more after it, with the state as it is then. */
  private writing: Promise<void> | null = null;
  private dirty = false;

  private constructor(private readonly file: string | undefined) {}

  static async open(file?: string): Promise<EmulatorStore> {
    const store = new EmulatorStore(file);
    const state = file === undefined ? undefined : await readStateFile(file);
    for (const intent of state?.paymentIntents ?? []) store.intents.set(intent.id, intent);
    for (const refund of state?.refunds ?? []) store.remember(refund);
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

  refund(id: string): Refund | undefined {
    return this.refunds.get(id);
  }

  amountRefunded(intentId: string): number {
    return this.refundedByIntent.get(intentId) ?? 0;
  }

  saveRefund(refund: Refund): void {
    this.remember(refund);
    this.persist();
  }

  private remember(refund: Refund): void {
    this.refunds.set(refund.id, refund);
    this.refundedByIntent.set(refund.payment_intent, this.amountRefunded(refund.payment_intent) + refund.amount);
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

  /**
   * Resolves once every change made before the call is on disk (at once without a state file).
   * Changes made while a write runs are gathered into the next one, so a burst of requests costs
   * two writes, not one each.
   */
  async saved(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private persist(): void {
    if (this.file === undefined) return;
    this.dirty = true;
    this.writing ??= this.writeWhileDirty(this.file).finally(() => {
      this.writing = null;
    });
  }

  private async writeWhileDirty(file: string): Promise<void> {
    while (this.dirty) {
      this.dirty = false;
      await writeWhole(file, {
        version: 1,
        paymentIntents: [...this.intents.values()],
        refunds: [...this.refunds.values()],
        idempotentResponses: [...this.responses.values()],
      });
    }
  }
}

async function writeWhole(file: string, state: StateFile): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(JSON.stringify(state));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}
