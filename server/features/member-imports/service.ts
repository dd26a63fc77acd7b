import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { ImportField, ImportMapping, RunImportRequest } from '../../../common/member-imports/schemas';
import { type MemberImport, memberImports, tiers, type User, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, fail, forbidden, notFound } from '../../platform/errors';
import { authorize } from '../../platform/authorize';
import { recognise } from './formats';
import { importRows, readHeaders } from './import-row';
import { presentImport } from './presenter';
import { findImport, outcomeCounts } from './queries';
import { reportLines } from './report';
import { canUseImport } from './policy';
import { previewImport } from './preview';
import { queueImport } from './run-import';

const isTooLarge = (err: unknown) => (err as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';

/** Stores an uploaded CSV and recognises its format from the header row. Nothing else is written. */
export async function uploadImport(ctx: AppContext, user: User, file: Readable, fileName: string) {
  const id = crypto.randomUUID();
  const fileKey = `member-imports/${id}.csv`;
  try {
    await ctx.storage.put(fileKey, file, 'text/csv');
  } catch (err) {
    await ctx.storage.delete(fileKey);
    if (isTooLarge(err)) throw fail(413, 'member_import_too_big');
    throw err;
  }
  let headers: string[];
  try {
    headers = await readHeaders((await ctx.storage.get(fileKey))!.stream);
  } catch {
    headers = [];
  }
  if (headers.length === 0) {
    await ctx.storage.delete(fileKey);
    throw badRequest('member_import_not_csv');
  }
  const { format, columns } = recognise(headers);
  const [saved] = await ctx.db
    .insert(memberImports)
    .values({ id, facilitatorId: user.id, fileName: fileName.slice(0, 200), fileKey, format, headers, columns })
    .returning();
  return answerOf(ctx, saved!);
}

/** The import, if the user may use it; 404 otherwise (nobody learns another's import exists). */
export async function loadImport(ctx: AppContext, user: User, id: string) {
  const imp = await findImport(ctx.db, id);
  if (!imp || !canUseImport(user, imp)) throw notFound('member_import_not_found');
  return imp;
}

/** The mapping checked against the file and the facilitator's tiers. */
async function checkedMapping(ctx: AppContext, imp: MemberImport, mapping: ImportMapping) {
  if (mapping.columns.length !== imp.headers.length) throw badRequest('member_import_columns_mismatch');
  if (!mapping.columns.includes('email')) throw badRequest('member_import_no_email_column');
  const own = await ctx.db.select().from(tiers).where(eq(tiers.userId, imp.facilitatorId));
  const tierValues = Object.fromEntries(
    Object.entries(mapping.tierValues ?? {}).map(([value, tierId]) => [value.trim().toLowerCase(), tierId]),
  );
  const ids = new Set(own.map((t) => t.id));
  authorize(
    Object.values(tierValues).every((t) => t === null || ids.has(t)),
    () => forbidden('member_import_tier_not_yours'),
  );
  return { columns: mapping.columns as ImportField[], tierValues, own };
}

/** POST app/member-imports/{id}/preview: what the run would do, per row; nothing is written. */
export async function previewMemberImport(ctx: AppContext, user: User, imp: MemberImport, mapping: ImportMapping) {
  const { columns, tierValues, own } = await checkedMapping(ctx, imp, mapping);
  const [facilitator] = imp.facilitatorId === user.id ? [user] : await ownerOf(ctx, imp);
  const preview = await previewImport(ctx.db, ctx.storage, {
    fileKey: imp.fileKey,
    columns,
    match: { tiers: own, tierValues },
    facilitatorEmail: facilitator!.email,
  });
  return { ...preview, tiers: own.map((t) => ({ _id: t.id, name: t.name })) };
}

const ownerOf = (ctx: AppContext, imp: MemberImport) =>
  ctx.db.select().from(users).where(eq(users.id, imp.facilitatorId)).limit(1);

/**
 * POST app/member-imports/{id}/run: saves the mapping and the mail choice and queues the job,
 * once (a conditional update from 'uploaded'); a second run answers 409.
 */
export async function runMemberImport(ctx: AppContext, imp: MemberImport, input: RunImportRequest) {
  const { columns, tierValues } = await checkedMapping(ctx, imp, input);
  const mailAt = input.mail === 'scheduled' ? new Date(input.mailAt!) : null;
  if (mailAt && mailAt <= new Date()) throw badRequest('member_import_mail_at_past');
  const rowsTotal = await countRows(ctx, imp);
  const [queued] = await ctx.db
    .update(memberImports)
    .set({
      columns,
      tierValues,
      mail: input.mail,
      mailPerMinute: input.perMinute ?? 30,
      mailFrom: mailAt ?? new Date(),
      rowsTotal,
      status: 'queued',
    })
    .where(and(eq(memberImports.id, imp.id), eq(memberImports.status, 'uploaded')))
    .returning();
  if (!queued) throw conflict('member_import_already_run');
  await queueImport(ctx, imp.id);
  return answerOf(ctx, queued);
}

/** The file's member rows (records after the header), counted by streaming it. */
async function countRows(ctx: AppContext, imp: MemberImport) {
  const stored = await ctx.storage.get(imp.fileKey);
  let n = 0;
  for await (const _row of importRows(stored!.stream, imp.columns as ImportField[])) n++;
  return n;
}

/** The import with its progress: rows processed so far and their outcomes. */
export const answerOf = async (ctx: Pick<AppContext, 'db'>, imp: MemberImport) =>
  presentImport(imp, await outcomeCounts(ctx.db, imp.id));

/** GET app/member-imports/{id}/report: the report's lines, read page by page. */
export const importReport = (ctx: AppContext, imp: MemberImport) => reportLines(ctx.db, imp.id);
