// The audit log as admins read it: newest first, a page at a time, searched by the start of the
// actor's email, the action or the subject (docs/decisions/0024).
import { and, desc, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { keysetPage, startsWith } from '../../db/pages';
import { auditEvents } from '../../db/schema';

export interface AuditLogRequest {
  q: string;
  limit: number;
  cursor?: string | undefined;
}

export async function listAuditEvents(db: Database, request: AuditLogRequest) {
  const rows = await db
    .select({
      seq: auditEvents.seq,
      id: auditEvents.id,
      actorEmail: auditEvents.actorEmail,
      action: auditEvents.action,
      subject: auditEvents.subject,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(
      and(
        request.q
          ? or(
              startsWith(auditEvents.actorEmail, request.q),
              startsWith(auditEvents.action, request.q),
              startsWith(auditEvents.subject, request.q),
            )
          : undefined,
        request.cursor ? lt(auditEvents.seq, Number(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.seq))
    .limit(request.limit + 1);
  return keysetPage(rows, request.limit, ({ seq: _seq, id, createdAt, ...event }) => ({
    _id: id,
    ...event,
    createdAt: createdAt.toISOString(),
  }));
}
