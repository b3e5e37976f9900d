// What the emulator remembers, PaymentIntents, refunds and idempotent responses, kept in memory and,
// when a state file is given, logged to it change by change (state-log.ts) and read back at start,
// so a restarted storefront finds its intents again. Writes are asynchronous (the storefront
// embedding it shares its event loop); a request is answered once its change is on disk.
import { IDEMPOTENCY_KEY_LIFETIME_MS, type IdempotentResponse } from './idempotency';
import type { PaymentIntent } from './intents';
import type { Refund } from './refunds';
import { readStateLog, StateLog, type Change } from './state-log';

export class EmulatorStore {
  private readonly intents = new Map<string, PaymentIntent>();
  private readonly refunds = new Map<string, Refund>();
  /** Cents refunded so far per PaymentIntent, the sum of its refunds. */
  private readonly refundedByIntent = new Map<string, number>();
  private readonly responses = new Map<string, IdempotentResponse>();

  private log: StateLog | null = null;
  /** Changes not yet on disk, and the write in progress, if any, which takes them in batches. */
  private readonly unwritten: Change[] = [];
  private writing: Promise<void> | null = null;

  private constructor() {}

  static async open(file?: string): Promise<EmulatorStore> {
    const store = new EmulatorStore();
    if (file === undefined) return store;
    for (const change of await readStateLog(file)) store.apply(change);
    store.forgetExpiredResponses();
    store.log = await StateLog.start(file, store.records());
    return store;
  }

  intent(id: string): PaymentIntent | undefined {
    return this.intents.get(id);
  }

  saveIntent(intent: PaymentIntent): void {
    this.record({ intent });
  }

  refund(id: string): Refund | undefined {
    return this.refunds.get(id);
  }

  amountRefunded(intentId: string): number {
    return this.refundedByIntent.get(intentId) ?? 0;
  }

  saveRefund(refund: Refund): void {
    this.record({ refund });
  }

  idempotentResponse(key: string): IdempotentResponse | undefined {
    return this.responses.get(key);
  }

  saveIdempotentResponse(response: IdempotentResponse): void {
    this.forgetExpiredResponses();
    this.record({ response });
  }

  /**
   * Resolves once every change made before the call is on disk (at once without a state file).
   * Changes made while a write runs are gathered into the next one, so a burst of requests costs
   * two writes, not one each.
   */
  async saved(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Waits for the last write, then closes the state file. */
  async close(): Promise<void> {
    await this.saved();
    await this.log?.close();
  }

  private record(change: Change): void {
    this.apply(change);
    const log = this.log;
    if (log === null) return;
    this.unwritten.push(change);
    this.writing ??= this.writeUnwritten(log).finally(() => {
      this.writing = null;
    });
  }

  private apply(change: Change): void {
    if ('intent' in change) {
      this.intents.set(change.intent.id, change.intent);
    } else if ('refund' in change) {
      // A refund never changes once made, so each is logged once.
      const { id, payment_intent: intentId, amount } = change.refund;
      this.refunds.set(id, change.refund);
      this.refundedByIntent.set(intentId, this.amountRefunded(intentId) + amount);
    } else {
      this.responses.set(change.response.key, change.response);
    }
  }

  /** Like Stripe, a key is kept 24 hours; a snapshot leaves the older ones out. */
  private forgetExpiredResponses(): void {
    const oldest = Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS;
    for (const [key, saved] of this.responses) if (saved.createdAt < oldest) this.responses.delete(key);
  }

  /** Everything held, one change per record: what a snapshot writes. */
  private records(): Change[] {
    return [
      ...Array.from(this.intents.values(), (intent) => ({ intent })),
      ...Array.from(this.refunds.values(), (refund) => ({ refund })),
      ...Array.from(this.responses.values(), (response) => ({ response })),
    ];
  }

  private async writeUnwritten(log: StateLog): Promise<void> {
    while (this.unwritten.length > 0) {
      const batch = this.unwritten.splice(0);
      // A snapshot of the memory holds the batch too (and any change made since).
      if (log.wantsSnapshot()) await log.compact(this.records());
      else await log.append(batch);
    }
  }
}
