// The link every tRPC call from the browser goes through: batched, with the session token, and
// with a network failure (the shop could not be reached at all) told as a sentence, not the
// browser's "Failed to fetch".
import { httpBatchLink, type TRPCLink } from '@trpc/client';
import { MAX_BATCH_CALLS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import type { AppRouter } from '../../server/routers/index';
import { getAccessToken } from './access-token';

function bearerHeader(): Record<string, string> {
  const token = getAccessToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * fetch, except that a request which never got an answer rejects with the shop's sentence. fetch
 * rejects with a TypeError exactly then (offline, refused, DNS); an abort stays an AbortError.
 */
async function fetchOrExplain(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (error instanceof TypeError) throw new Error(messages.shopUnreachable, { cause: error });
    throw error;
  }
}

export function shopLink(url: string): TRPCLink<AppRouter> {
  return httpBatchLink({ url, headers: bearerHeader, maxItems: MAX_BATCH_CALLS, fetch: fetchOrExplain });
}
