import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberImportRows, memberImports, subscriptions } from '../../db/schema';
import { buildFacilitator, buildTier } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { importRows } from './import-row';
import type { KeepPaidSubscriptions } from './keep-paid-subscriptions';
import { processRow } from './process-row';
import { runImport } from './run-import';
import { generatedCsv } from './testing/generate';
import { uploadCsv } from './testing/upload';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** An import uploaded and marked queued, without the job runner picking it up. */
async function queued(csv: string, columns: string[]) {
  const owner = await buildFacilitator(t.db);
  const gold = await buildTier(t.db, owner.user.id, { name: 'Gold', price: 20 });
  const imp = (await uploadCsv(t.app, owner.token, csv)).json();
  await t.db
    .update(memberImports)
    .set({ status: 'queued', columns, rowsTotal: csv.trim().split('\n').length - 1 })
    .where(eq(memberImports.id, imp._id));
  return { owner, gold, id: imp._id as string };
}

const rowsOf = (id: string) =>
  t.db.select().from(memberImportRows).where(eq(memberImportRows.importId, id)).orderBy(memberImportRows.rowNumber);

describe('the import job', () => {
  it('resumes after the last row written when a run was cut off, writing each row once', async () => {
    const { id, owner, gold } = await queued(generatedCsv(12, `resume${Date.now()}`), ['email', 'name', 'tier']);
    const [imp] = await t.db.select().from(memberImports).where(eq(memberImports.id, id));
    const stored = await t.app.ctx.storage.get(imp!.fileKey);
    // a first run processed five rows and was killed
    const rc = {
      db: t.db,
      import: imp!,
      facilitator: owner.user,
      tiers: [gold],
      match: { tiers: [gold], tierValues: {} },
    };
    let n = 0;
    for await (const row of importRows(stored!.stream, imp!.columns as never)) {
      await processRow(rc, row);
      if (++n === 5) break;
    }
    // the same row again (a retried transaction) is skipped
    expect(
      await processRow(rc, {
        row: 1,
        email: 'x@example.test',
        name: '',
        tiers: [],
        until: '',
        notes: '',
        stripeCustomerId: '',
        optedOut: false,
        lapsed: false,
      }),
    ).toBeUndefined();
    expect(await runImport(t.app.ctx, id)).toEqual({ processed: 7 });
    const rows = await rowsOf(id);
    expect(rows.map((r) => r.rowNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows.every((r) => r.outcome === 'new_account')).toBe(true);
    const held = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(eq(subscriptions.tierId, gold.id));
    expect(held[0]!.n).toBe(4);
    // a finished import is not run again
    expect(await runImport(t.app.ctx, id)).toEqual({ skipped: 'not queued' });
  });

  it('hands a row’s Stripe customer to the configured linker, or records it as not linked', async () => {
    const csv = `email,stripe_customer_id\nlinked${Date.now()}@example.test,cus_Abc123XYZ\nplain${Date.now()}@example.test,\nbad${Date.now()}@example.test,acct_1\n`;
    const calls: Parameters<KeepPaidSubscriptions>[0][] = [];
    const fake: KeepPaidSubscriptions = async (input) => {
      calls.push(input);
      return { kept: [{ tierId: 'tier-a' }] };
    };
    const withLinker = await queued(csv, ['email', 'stripeCustomerId']);
    await runImport(t.app.ctx, withLinker.id, { keepPaidSubscriptions: fake });
    const rows = await rowsOf(withLinker.id);
    expect(calls).toEqual([
      { facilitatorId: withLinker.owner.user.id, userId: rows[0]!.userId, stripeCustomerId: 'cus_Abc123XYZ' },
    ]);
    expect(rows[0]).toMatchObject({ stripeCustomerId: 'cus_Abc123XYZ', outcome: 'new_account' });
    expect(rows[0]!.reason).toMatch(/Stripe customer linked; 1 paid subscription kept/);
    expect(rows[1]).toMatchObject({ stripeCustomerId: null, reason: 'New account' });
    expect(rows[2]).toMatchObject({ outcome: 'error', reason: 'A Stripe customer id starts with cus_' });

    const without = await queued(
      csv.replace(/linked|plain|bad/g, (w) => `${w}2`),
      ['email', 'stripeCustomerId'],
    );
    await runImport(t.app.ctx, without.id);
    expect((await rowsOf(without.id))[0]!.reason).toBe('New account; Stripe customer recorded, not linked');
  });

  it('imports a large file in one job and counts every row', async () => {
    const count = 200;
    const { owner, id } = await queued(generatedCsv(count, `bulk${Date.now()}`), ['email', 'name', 'tier']);
    await runImport(t.app.ctx, id);
    const answer = (await call(t.app, 'GET', `/api/app/member-imports/${id}`, undefined, owner.token)).json();
    expect(answer).toMatchObject({ status: 'done', rowsDone: count, rowsTotal: count });
    expect(answer.counts).toMatchObject({ newAccounts: count, errors: 0 });
  }, 120_000);
});
