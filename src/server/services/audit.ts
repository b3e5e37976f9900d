// The audit trail: who did each admin action, and when.
import type { SessionUser } from '../auth/session-user';
import type { Database } from '../db/database';
import { auditEvents } from '../db/schema';

export type AuditAction =
  'user.make_admin' | 'user.remove' | 'part.add' | 'part.delete' | 'order.ship' | 'order.cancel' | 'review.remove';

type Executor = Pick<Database, 'insert'>;

export async function recordAudit(db: Executor, actor: SessionUser, action: AuditAction, subject: string): Promise<void> {
  await db.insert(auditEvents).values({ actorId: actor.id, actorEmail: actor.email, action, subject });
}
