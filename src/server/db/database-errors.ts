// Recognises the errors a database gives while it is away (restarting, shut down, unreachable), so
// every layer answers 503 "briefly unavailable" instead of a 500. The postgres driver reconnects by
// itself on the next query, so nothing else is needed to recover.
import { TRPCError } from '@trpc/server';
import { messages } from '../../shared/messages';

/** Socket failures (Node) and connection failures (the postgres driver). */
const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
]);

/**
 * SQLSTATEs of a server going away: class 08 (connection exception), 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down).
 */
function isUnavailableSqlState(code: string): boolean {
  return /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03';
}

/** True when `error`, or any error in its cause chain, says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (connectionErrorCodes.has(code) || isUnavailableSqlState(code))) return true;
  }
  return false;
}

/** The 503 to answer when `error` means the database is away; null for any other error. */
export function databaseUnavailableError(error: unknown): TRPCError | null {
  if (error instanceof TRPCError && error.code === 'SERVICE_UNAVAILABLE') return null;
  if (!isDatabaseUnavailable(error)) return null;
  return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: messages.databaseUnavailable, cause: error });
}
