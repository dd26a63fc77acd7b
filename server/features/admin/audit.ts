import { desc, eq, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditEntryAnswer } from '../../../common/admin/schemas';
import type { Database } from '../../db/client';
import { auditLog, type User } from '../../db/schema';
import type { AppContext, AuditEvent, CommandContext } from '../../platform/context';
import { idsOf, namesOf, recordedName } from './audit-names';

/** 'cancel' and 'refund': an admin's money actions (issue 14 item 7). */
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

/** Deletes one row by id and writes its audit entry, in one transaction. */
export async function deleteAudited(
  db: Database,
  admin: Pick<User, 'id' | 'email'>,
  target: { table: PgTable; id: PgColumn; targetType: string; targetId: string; details: Record<string, unknown> },
) {
  await db.transaction(async (tx) => {
    await tx.delete(target.table).where(eq(target.id, target.targetId));
    await audit(tx, admin, {
      action: 'delete',
      targetType: target.targetType,
      targetId: target.targetId,
      details: target.details,
    });
  });
}

export async function auditPage(
  db: Database,
  query: { before?: string; beforeId?: string; limit: number },
): Promise<AuditEntryAnswer[]> {
  const before = query.before ? new Date(query.before) : undefined;
  // entries written in the same millisecond are told apart by their id
  const older =
    before && query.beforeId
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${before.toISOString()}::timestamptz, ${query.beforeId}::uuid)`
      : before
        ? lt(auditLog.createdAt, before)
        : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(older)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit);
  const mentioned = rows.map((r) => idsOf({ targetId: r.targetId, details: r.details }));
  const names = await namesOf(db, [...new Set(mentioned.flat())]);
  return rows.map((r, i) => ({
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
}
