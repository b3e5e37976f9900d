// The audit trail: who did each admin action, changed the name or photo others see, was refused
// an account, or made, revoked or wrote orders with an API key, and when.
import type { Database } from '../../db/database';
import { auditEvents } from '../../db/schema';

export type AuditAction =
  | 'user.make_admin'
  | 'user.remove'
  | 'user.sign_in_refused'
  | 'user.profile_update'
  | 'part.add'
  | 'part.edit'
  | 'part.hide'
  | 'part.show'
  | 'part.delete'
  | 'part.variant_add'
  | 'part.variant_edit'
  | 'part.variant_retire'
  | 'part.import'
  | 'part.export'
  | 'category.create'
  | 'category.rename'
  | 'category.move'
  | 'category.reorder'
  | 'category.delete'
  | 'image.upload'
  | 'order.ship'
  | 'order.cancel'
  | 'order.refund'
  | 'order.refund_outside_shop'
  | 'order.export'
  | 'review.remove'
  | 'email.retry'
  | 'settings.update'
  | 'tax_rate.set'
  | 'tax_rate.remove'
  | 'shipping_zone.create'
  | 'shipping_zone.rename'
  | 'shipping_zone.delete'
  | 'shipping_zone.countries'
  | 'shipping_rate.add'
  | 'shipping_rate.edit'
  | 'shipping_rate.remove'
  | 'discount_code.create'
  | 'discount_code.edit'
  | 'discount_code.activate'
  | 'discount_code.deactivate'
  | 'part.price_breaks'
  | 'api_key.create'
  | 'api_key.revoke'
  | 'api_key.order_write'
  | 'webhook.create'
  | 'webhook.update'
  | 'webhook.rotate_secret'
  | 'webhook.remove'
  | 'webhook.replay'
  | 'webhook.test';

type Executor = Pick<Database, 'insert'>;

/** Who acted: a signed-in user, or an identity without an account of its own (id null). */
export interface Actor {
  id: string | null;
  email: string;
}

export async function recordAudit(db: Executor, actor: Actor, action: AuditAction, subject: string): Promise<void> {
  await db.insert(auditEvents).values({ actorId: actor.id, actorEmail: actor.email, action, subject });
}
