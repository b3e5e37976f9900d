// Stripe's idempotent requests: a POST carrying an Idempotency-Key runs once. The same key with the
// same request replays the first response; with other parameters or another endpoint it is refused.
import { ApiError } from './errors';

export interface IdempotentResponse {
  key: string;
  /** Method and path, e.g. `POST /v1/payment_intents`. */
  endpoint: string;
  fingerprint: string;
  status: number;
  body: unknown;
  createdAt: number;
}

/** Stripe keeps a key for at least 24 hours. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The request's parameters independent of their order. */
export function fingerprint(encodedParams: string): string {
  return Array.from(new URLSearchParams(encodedParams), ([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
    .join('&');
}

/** The response to replay for this request, `undefined` to run it, or an idempotency_error. */
export function replayFor(
  saved: IdempotentResponse | undefined,
  request: Pick<IdempotentResponse, 'endpoint' | 'fingerprint'>,
  now: number,
): IdempotentResponse | undefined {
  if (saved === undefined || now - saved.createdAt > IDEMPOTENCY_KEY_LIFETIME_MS) return undefined;
  const tryAnotherKey = `Try using a key other than '${saved.key}' if you meant to execute a different request.`;
  if (saved.endpoint !== request.endpoint) {
    throw new ApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.endpoint}' vs '${request.endpoint}'). ${tryAnotherKey}`,
    });
  }
  if (saved.fingerprint !== request.fingerprint) {
    throw new ApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. ${tryAnotherKey}`,
    });
  }
  return saved;
}

/** Like Stripe, keep a response once the endpoint ran (success or card error), not a refused request. */
export function isReplayable(status: number): boolean {
  return status < 400 || status === 402;
}
