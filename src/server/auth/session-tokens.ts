// The server's own session tokens: short signed JWTs naming the user and their session version.
// Roles are never in the token; they are read from the database on each request.
import { createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { SESSION_TTL_SECONDS } from '../../shared/constants';

interface SessionClaims {
  userId: string;
  /** Must equal the user's current session version; removal or sign-out-everywhere bumps it. */
  version: number;
}

export interface SessionTokens {
  issue: (claims: SessionClaims) => Promise<string>;
  /** The claims of a genuine, unexpired token; null for anything else. */
  verify: (token: string) => Promise<SessionClaims | null>;
}

const ISSUER = 'sprocket';
/** How many verified tokens are remembered, and how many bytes of them (each is a few hundred). */
const REMEMBERED_TOKENS = { max: 10_000, maxSize: 4 * 1024 * 1024 };

export function createSessionTokens(secret: string, ttlSeconds: number = SESSION_TTL_SECONDS): SessionTokens {
  // Imported once: handing jose the raw bytes would import the key again for every token.
  const key = createSecretKey(Buffer.from(secret));
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
    issue: ({ userId, version }) =>
      new SignJWT({ ver: version })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known) return Date.now() < known.expiresAtMs ? known.claims : null;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || payload.exp === undefined) return null;
        const claims = { userId: payload.sub, version: payload.ver };
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
