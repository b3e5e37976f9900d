// The secret of an API key: made, hashed and recognised here only.
import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '../../../shared/api-keys';

/** Characters of the random part shown after the prefix, to recognise a key in the list. */
const VISIBLE_CHARACTERS = 8;

export interface NewApiKeySecret {
  /** The whole key, shown once to its creator and never stored. */
  key: string;
  /** What the list shows: `spk_live_` and the first characters of the random part. */
  prefix: string;
  secretHash: string;
}

/** A fresh key: the prefix and 256 random bits in base64url. */
export function newApiKeySecret(): NewApiKeySecret {
  const random = randomBytes(32).toString('base64url');
  const key = `${API_KEY_PREFIX}${random}`;
  return { key, prefix: `${API_KEY_PREFIX}${random.slice(0, VISIBLE_CHARACTERS)}`, secretHash: hashApiKey(key) };
}

/**
 * One SHA-256, no salt and no slow hash: that is right for a 256-bit random secret, which no
 * dictionary or brute force can reach, unlike a password. It also lets a call find its key by an
 * indexed lookup of the hash, so no secret is ever compared in code (nothing to time).
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Whether a bearer is an API key rather than a session token: keys alone carry the prefix. */
export function looksLikeApiKey(bearer: string): boolean {
  return bearer.startsWith(API_KEY_PREFIX);
}
