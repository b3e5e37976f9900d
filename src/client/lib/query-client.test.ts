// The query client's retry policy (SPEC.md §9): 3 retries, none on 4xx, backoff doubling up to 30 s.
import { describe, expect, it } from 'vitest';
import { retryDelay, shouldRetry } from './query-client';

const withStatus = (httpStatus: number) => ({ message: 'refused', data: { httpStatus } });

describe('query retry policy', () => {
  it('retries a failed or 5xx read up to three times', () => {
    expect(shouldRetry(0, new Error('network down'))).toBe(true);
    expect(shouldRetry(2, withStatus(503))).toBe(true);
    expect(shouldRetry(3, withStatus(503))).toBe(false);
  });

  it('never retries a 4xx refusal', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, withStatus(status))).toBe(false);
  });

  it('backs off exponentially, capped at 30 seconds', () => {
    expect([0, 1, 2, 3].map(retryDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelay(10)).toBe(30_000);
  });
});
