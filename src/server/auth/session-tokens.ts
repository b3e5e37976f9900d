// The server's own session tokens: short signed JWTs naming the user and their session version.
// Roles are never in the token; they are read from the database on each request.
import { SignJWT, jwtVerify } from 'jose';
import { SESSION_TTL_SECONDS } from '../../shared/constants';

export interface SessionClaims {
  userId: string;
  /** Must equal the user's current session version; removal or sign-out-everywhere bumps it. */
  version: number;
}

export interface SessionTokens {
  issue(claims: SessionClaims): Promise<string>;
  /** The claims of a genuine, unexpired token; null for anything else. */
  verify(token: string): Promise<SessionClaims | null>;
}

const ISSUER = 'sprocket';

export function createSessionTokens(secret: string, ttlSeconds: number = SESSION_TTL_SECONDS): SessionTokens {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
        return { userId: payload.sub, version: payload.ver };
      } catch {
        return null;
      }
    },
  };
}
