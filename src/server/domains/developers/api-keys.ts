// API keys as their owners manage them: created by an admin for the shop or by a business
// customer for their own account, listed without their secret, and revoked. Another account's
// key is NOT_FOUND, as if it did not exist; every admin sees and may revoke the shop's keys.
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, isNull, or } from 'drizzle-orm';
import { apiKeyMessages } from '../../../shared/api-key-messages';
import { API_KEYS_ACTIVE_MAX, type ApiKeyKind, type ApiKeyView } from '../../../shared/api-keys';
import type { ApiScope } from '../../../shared/api-scopes';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { apiKeys, users } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { newApiKeySecret } from './api-key-secrets';

/** The newest keys the list shows; revoked ones stay listed, so their last use can be read. */
const LISTED_MAX = 100;

type Owner = Pick<SessionUser, 'id' | 'email' | 'role'>;

const viewColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  kind: apiKeys.kind,
  createdBy: users.email,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

interface ViewRow extends Omit<ApiKeyView, 'createdAt' | 'lastUsedAt' | 'revokedAt'> {
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

function toView(row: ViewRow): ApiKeyView {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The keys the caller may see and revoke: their own, and the shop's for an admin. */
function visibleTo(owner: Owner) {
  return owner.role === 'admin' ? or(eq(apiKeys.userId, owner.id), eq(apiKeys.kind, 'shop')) : eq(apiKeys.userId, owner.id);
}

export interface NewApiKey {
  name: string;
  scopes: ApiScope[];
  forShop: boolean;
}

/**
 * Creates a key and answers its secret, the only time it is shown. The owner's row is locked while
 * their active keys are counted, so two creations at once take turns and the limit holds.
 */
export async function createApiKey(db: Database, owner: Owner, input: NewApiKey): Promise<{ key: string; apiKey: ApiKeyView }> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ role: users.role, companyName: users.companyName, vatId: users.vatId })
      .from(users)
      .where(eq(users.id, owner.id))
      .for('update');
    const kind: ApiKeyKind = input.forShop ? 'shop' : 'customer';
    if (kind === 'shop' && account?.role !== 'admin')
      throw new TRPCError({ code: 'FORBIDDEN', message: apiKeyMessages.shopKeyAdminOnly });
    if (kind === 'customer' && !(account?.companyName && account.vatId)) {
      throw new TRPCError({ code: 'FORBIDDEN', message: apiKeyMessages.businessOnly });
    }
    const [active] = await tx
      .select({ keys: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, owner.id), isNull(apiKeys.revokedAt)));
    if ((active?.keys ?? 0) >= API_KEYS_ACTIVE_MAX) {
      throw new TRPCError({ code: 'CONFLICT', message: apiKeyMessages.tooManyKeys(API_KEYS_ACTIVE_MAX) });
    }
    const secret = newApiKeySecret();
    const [created] = await tx
      .insert(apiKeys)
      .values({ userId: owner.id, kind, name: input.name, scopes: input.scopes, prefix: secret.prefix, secretHash: secret.secretHash })
      .returning({ id: apiKeys.id });
    if (!created) throw new Error('Inserting an API key returned no row');
    await recordAudit(tx, owner, 'api_key.create', `${kind} key ${created.id} (${input.scopes.join(' ')})`);
    const view = await viewOf(tx, owner, created.id);
    if (!view) throw new Error('A created API key could not be read back');
    return { key: secret.key, apiKey: toView(view) };
  });
}

/** One key as the list shows it, when the caller may see it. */
async function viewOf(db: Pick<Database, 'select'>, owner: Owner, id: string): Promise<ViewRow | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.id, id), visibleTo(owner)));
  return row;
}

/** The caller's keys, and the shop's for an admin, newest first. */
export async function listApiKeys(db: Database, owner: Owner): Promise<ApiKeyView[]> {
  const rows = await db
    .select(viewColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(visibleTo(owner))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(LISTED_MAX);
  return rows.map(toView);
}

/**
 * Revokes a key: the next call made with it is refused, in every process, since each call reads
 * its key's row. Revoking a revoked key changes nothing and answers it as it is (a second click,
 * or two admins at once, is not a mistake worth an error).
 */
export async function revokeApiKey(db: Database, owner: Owner, id: string): Promise<ApiKeyView> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), visibleTo(owner), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, kind: apiKeys.kind });
    if (revoked) await recordAudit(tx, owner, 'api_key.revoke', `${revoked.kind} key ${revoked.id}`);
    const row = await viewOf(tx, owner, id);
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: apiKeyMessages.keyNotFound });
    return toView(row);
  });
}
