// The react-query client with SPEC.md §9's settings: 5 min cache, 3 retries, backoff capped at 30 s, no retry on 4xx.
import { QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE_TIME_MS, QUERY_RETRIES, QUERY_RETRY_MAX_DELAY_MS } from '../../shared/constants';
import { httpStatusOf } from './http-status';

export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, QUERY_RETRY_MAX_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: QUERY_CACHE_TIME_MS, retry: shouldRetry, retryDelay },
      mutations: { retry: false },
    },
  });
}
