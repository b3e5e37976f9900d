// A call made with an API key: who it acts as, read from the database on every call (so a revoke,
// a removal, a lost admin role or the session check's word that the identity provider disowned the
// account applies to the very next call, in every process), its last use recorded at most once a
// minute, and its order writes audited.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ApiKeyKind } from '../../../shared/api-keys';
import type { ApiScope } from '../../../shared/api-scopes';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { preparedFor } from '../../db/prepared';
import { apiKeys, users } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { hashApiKey } from './api-key-secrets';

/** How stale `last_used_at` may be: a busy key writes its row once a minute, not on every call (and noteUse's interval). */
const LAST_USE_RESOLUTION_MS = 60_000;

export interface ApiKeyCaller {
  id: string;
  scopes: readonly ApiScope[];
  kind: ApiKeyKind;
}

const keyByHash = preparedFor((db) =>
  db
    .select({
      keyId: apiKeys.id,
      kind: apiKeys.kind,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      displayName: users.displayName,
      photoUrl: users.photoUrl,
      removedAt: users.removedAt,
      identityDisownedAt: users.identityDisownedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.secretHash, sql.placeholder('secretHash')), isNull(apiKeys.revokedAt)))
    .prepare('api_key_by_hash'),
);

/**
 * The key's account and scopes, or 'invalid' for a key that is unknown, revoked, whose account was
 * removed or is disowned by the identity provider (disabled or deleted there: the session check
 * marks it), or a shop key whose creator is no longer an admin. A customer key acts as a customer
 * whatever its account's role becomes: it was made for the account's own orders.
 */
export async function resolveApiKey(db: Database, key: string): Promise<{ apiKey: ApiKeyCaller; user: SessionUser } | 'invalid'> {
  const [row] = await keyByHash(db).execute({ secretHash: hashApiKey(key) });
  if (!row || row.removedAt || row.identityDisownedAt) return 'invalid';
  if (row.kind === 'shop' && row.role !== 'admin') return 'invalid';
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS) await noteUse(db, row.keyId);
  const { keyId, kind, scopes, lastUsedAt: _lastUsedAt, removedAt: _removedAt, identityDisownedAt: _disownedAt, ...user } = row;
  return {
    apiKey: { id: keyId, kind, scopes },
    user: { ...user, role: kind === 'customer' ? 'user' : user.role },
  };
}

/** Records the use; the condition keeps calls landing together in several processes to one write a minute. */
async function noteUse(db: Database, keyId: string): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
}

/** The audit line of an order write made with a key: which key, through which procedure. */
export async function auditKeyedOrderWrite(
  db: Database,
  user: Pick<SessionUser, 'id' | 'email'>,
  keyId: string,
  path: string,
): Promise<void> {
  await recordAudit(db, user, 'api_key.order_write', `${path} with key ${keyId}`);
}
