// The server's own session tokens: short signed JWTs naming one row of the sessions table.
// Neither the user nor their role is in the token; both are read with the session on each request.
// Several keys may be in use while the secret is rotated: the first signs, every one verifies.
import { createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';
import { SESSION_TTL_SECONDS } from '../../shared/constants';

interface SessionClaims {
  /** The session's row; signing out deletes it, and the token stops working at once. */
  sessionId: string;
}

export interface SessionTokens {
  /** How long an issued token stays valid. */
  ttlSeconds: number;
  issue: (claims: SessionClaims) => Promise<string>;
  /** The claims of a genuine, unexpired token; null for anything else. */
  verify: (token: string) => Promise<SessionClaims | null>;
  /** How many verified tokens are kept in memory, and their bytes; never more than REMEMBERED_TOKENS. */
  remembered: () => { tokens: number; bytes: number };
}

const ISSUER = 'sprocket';
/** How many verified tokens are remembered, and how many bytes of them (each is a few hundred). */
const REMEMBERED_TOKENS = { max: 10_000, maxSize: 4 * 1024 * 1024 };

/**
 * `keys`: the secret, or the secrets in use while it is rotated (SESSION_SECRET=new,old): new tokens
 * are signed with the first, and a token signed with any of them is accepted until it expires.
 */
export function createSessionTokens(
  keys: string | readonly [string, ...string[]],
  ttlSeconds: number = SESSION_TTL_SECONDS,
): SessionTokens {
  const inUse = typeof keys === 'string' ? ([keys] as const) : keys;
  // fast-jwt signs and verifies with node:crypto in the calling thread; a WebCrypto verify (jose)
  // goes through the thread pool and cost about 170 µs of CPU for each token seen the first time.
  const sign = createSigner({ key: Buffer.from(inUse[0]), algorithm: 'HS256', iss: ISSUER, expiresIn: ttlSeconds * 1000 });
  // The signing key first: only a token of an older key pays for a second check.
  const verifiers = inUse.map((key) =>
    createVerifier({ key: Buffer.from(key), algorithms: ['HS256'], allowedIss: ISSUER, requiredClaims: ['sub', 'exp'] }),
  );
  /**
   * Tokens already verified, with their claims and expiry: a token's signature cannot change, so
   * checking it again on each request would only spend CPU. Whether the session still counts
   * (version, removal) is read from the database on each request, not from here.
   */
  const verified = new LRUCache<string, { claims: SessionClaims; expiresAtMs: number }>({
    ...REMEMBERED_TOKENS,
    sizeCalculation: (_claims, token) => token.length,
  });
  return {
    ttlSeconds,
    issue: async ({ sessionId }) => sign({ sub: sessionId }),
    remembered: () => ({ tokens: verified.size, bytes: verified.calculatedSize }),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) return Date.now() < known.expiresAtMs ? known.claims : null;
      for (const verifyWith of verifiers) {
        const payload = verifiedPayload(verifyWith, token);
        if (!payload) continue;
        const claims = { sessionId: payload.sub };
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      }
      return null;
    },
  };
}

/** The token's subject and expiry when `verifyWith` accepts it (signature, issuer, expiry); else null. */
function verifiedPayload(verifyWith: (token: string) => unknown, token: string): { sub: string; exp: number } | null {
  try {
    const payload = verifyWith(token) as { sub?: unknown; exp?: unknown };
    return typeof payload.sub === 'string' && typeof payload.exp === 'number' ? { sub: payload.sub, exp: payload.exp } : null;
  } catch {
    return null;
  }
}
