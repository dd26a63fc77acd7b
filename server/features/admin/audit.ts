import { sql } from 'drizzle-orm';
import type { AuditEntryAnswer } from '../../../common/admin/schemas';
import type { Database } from '../../db/client';
import { auditLog, type User } from '../../db/schema';
import type { AppContext, AuditEvent, CommandContext } from '../../platform/context';
import { nextPage, type SortPart, sortKeyColumn } from '../../platform/keyset';
import { idsOf, namesOf, recordedName } from './audit-names';

/** 'cancel' and 'refund': an admin's money actions. */
export type AuditInput = AuditEvent;

/**
 * The context an admin route hands to a feature's command: the command writes its audit entry
 * through `ctx.audit` in its own transaction (platform/context.ts `recordAudit`).
 */
export const asAdmin = (ctx: AppContext, admin: Pick<User, 'id' | 'email'>): CommandContext => ({
  ...ctx,
  audit: (db, event) => audit(db, admin, event),
});

/** Writes one audit entry; call it in the same transaction as the change it records. */
export async function audit(db: Database, admin: Pick<User, 'id' | 'email'>, input: AuditInput) {
  await db.insert(auditLog).values({ adminId: admin.id, adminEmail: admin.email, details: {}, ...input });
}

/** Newest first; entries written in the same instant are told apart by their id. */
const AUDIT_ORDER: SortPart[] = [
  { expr: sql`${auditLog.createdAt}`, type: 'timestamptz' },
  { expr: sql`${auditLog.id}`, type: 'uuid' },
];

/** One page of the audit log after `cursor`; `next` is the cursor of the older page, null at the first entry. */
export async function auditPage(
  db: Database,
  query: { cursor?: string; limit: number },
): Promise<{ entries: AuditEntryAnswer[]; next: string | null }> {
  const page = await nextPage(AUDIT_ORDER, { ...query, dir: 'desc' }, (older, order, limit) =>
    db
      .select({ entry: auditLog, sortKey: sortKeyColumn(AUDIT_ORDER) })
      .from(auditLog)
      .where(older)
      .orderBy(...order)
      .limit(limit),
  );
  const rows = page.items.map(({ entry }) => entry);
  const mentioned = rows.map((r) => idsOf({ targetId: r.targetId, details: r.details }));
  const names = await namesOf(db, [...new Set(mentioned.flat())]);
  const entries = rows.map((r, i) => ({
    _id: r.id,
    admin: { _id: r.adminId, email: r.adminEmail },
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    targetName: (r.targetId && names.get(r.targetId)) || recordedName(r.details),
    names: Object.fromEntries(mentioned[i]!.filter((id) => names.has(id)).map((id) => [id, names.get(id)!])),
    details: r.details,
    date: r.createdAt.toISOString(),
  }));
  return { entries, next: page.next };
}
