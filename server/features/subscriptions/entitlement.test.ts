import { inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, selectRows } from '../../db/client';
import { type Subscription, subscriptions, tiers } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { buildFacilitator, buildUser } from '../../test/factories';
import {
  activeSql,
  discountRunningSql,
  entitledSql,
  isActive,
  isDiscountRunning,
  isEntitled,
  isPaying,
  payingSql,
} from './entitlement';
import { cancelAbilities } from './policy';
import { cancellableSql } from './queries';

/**
 * Every rule of entitlement.ts answers the same in JS and in SQL, for a row in each state the
 * schema can express (the provider's statuses, cancelled or not, no end date or one past or to
 * come, free, billed and paid-once), read both through `subscriptions` and through an alias `s` as
 * the raw money statements read it. The admin's 'cancel now' (cancelAbilities, and cancellableSql
 * that lists the same rows) is checked the same way.
 */

const DAY = 86_400_000;
const STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'incomplete_expired', 'canceled'];
const END_DATES = { none: null, past: -DAY, future: DAY } as const;
/** free: Tend's own; billed: the provider's subscription; paid once: a course bought at checkout. */
const KINDS = {
  free: { provider: 'free', billed: false },
  billed: { provider: 'stripe', billed: true },
  'paid once': { provider: 'test', billed: false },
} as const;

type State = Pick<
  Subscription,
  'status' | 'cancelled' | 'cancelAtPeriodEnd' | 'endDate' | 'provider' | 'providerSubscriptionId'
>;

const allStates = (): { name: string; state: State }[] =>
  Object.entries(KINDS).flatMap(([kind, { provider, billed }]) =>
    STATUSES.flatMap((status) =>
      [false, true].flatMap((cancelled) =>
        Object.entries(END_DATES).map(([end, offset]) => ({
          name: `${kind} ${status}${cancelled ? ' cancelled' : ''} end:${end}`,
          state: {
            status,
            cancelled,
            cancelAtPeriodEnd: cancelled && end === 'future',
            endDate: offset === null ? null : new Date(Date.now() + offset),
            provider,
            providerSubscriptionId: billed ? `sub_${kind}_${status}_${cancelled}_${end}` : null,
          },
        })),
      ),
    ),
  );

type Answers = { entitled: boolean; active: boolean; paying: boolean; cancellable: boolean };

const jsAnswers = (s: State): Answers => ({
  entitled: isEntitled(s),
  active: isActive(s),
  paying: isPaying(s),
  cancellable: cancelAbilities(s).canCancelNow,
});

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** Inserts one row per state (one tier each: a member holds one row per tier) and returns their ids by name. */
async function insertStates(states: { name: string; state: State }[]) {
  const db = handle.db;
  const facilitator = await buildFacilitator(db);
  const member = await buildUser(db);
  const tierRows = await db
    .insert(tiers)
    .values(
      states.map(({ name }) => ({ userId: facilitator.user.id, name, priceCents: 900, type: 'subscription' as const })),
    )
    .returning({ id: tiers.id, name: tiers.name });
  const tierOf = new Map(tierRows.map((t) => [t.name, t.id]));
  const rows = await db
    .insert(subscriptions)
    .values(
      states.map(({ name, state }) => ({
        userId: member.user.id,
        tierId: tierOf.get(name)!,
        startDate: '2024-01-01',
        ...state,
      })),
    )
    .returning({ id: subscriptions.id, tierId: subscriptions.tierId });
  const nameOf = new Map(tierRows.map((t) => [t.id, t.name]));
  return { ids: rows.map((r) => r.id), nameOf: new Map(rows.map((r) => [r.id, nameOf.get(r.tierId)!])) };
}

const truth = (value: unknown) => value === true || value === 't';

describe('entitlement: the JS predicates and the SQL fragments agree', () => {
  it('on every state a subscription row can be in, through the table and through an alias', async () => {
    const states = allStates();
    const { ids, nameOf } = await insertStates(states);
    const asSelected = (fragment: SQL) => sql<boolean>`${fragment}`;
    const viaTable = await handle.db
      .select({
        id: subscriptions.id,
        entitled: asSelected(entitledSql()),
        active: asSelected(activeSql()),
        paying: asSelected(payingSql()),
        cancellable: asSelected(cancellableSql()),
      })
      .from(subscriptions)
      .where(inArray(subscriptions.id, ids));
    const s = alias(subscriptions, 's');
    const viaAlias = await selectRows<{ id: string; entitled: unknown; active: unknown; paying: unknown }>(
      handle.db,
      sql`select s.id, ${entitledSql(s)} as entitled, ${activeSql(s)} as active, ${payingSql(s)} as paying
          from subscriptions s where s.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const expected = Object.fromEntries(states.map(({ name, state }) => [name, jsAnswers(state)]));
    const fromTable = Object.fromEntries(
      viaTable.map(({ id, ...answers }) => [
        nameOf.get(id)!,
        Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, truth(v)])),
      ]),
    );
    const fromAlias = Object.fromEntries(
      viaAlias.map(({ id, entitled, active, paying }) => [
        nameOf.get(id)!,
        { entitled: truth(entitled), active: truth(active), paying: truth(paying) },
      ]),
    );
    expect(Object.keys(fromTable)).toHaveLength(states.length);
    expect(fromTable).toEqual(expected);
    // the alias reads the three rules of entitlement.ts (cancellableSql reads `subscriptions` only)
    const entitlementOnly = Object.entries(expected).map(([name, { cancellable: _, ...rules }]) => [name, rules]);
    expect(fromAlias).toEqual(Object.fromEntries(entitlementOnly));
  });

  it('says what each named state gives', () => {
    const at = (offset: number | null) => (offset === null ? null : new Date(Date.now() + offset));
    const paid = (status: string, cancelled = false, end: number | null = null): State => ({
      status,
      cancelled,
      cancelAtPeriodEnd: cancelled && end !== null && end > 0,
      endDate: at(end),
      provider: 'stripe',
      providerSubscriptionId: 'sub_1',
    });
    // entitled, active, paying, admin may cancel now
    const table: [string, State, [boolean, boolean, boolean, boolean]][] = [
      ['active', paid('active'), [true, true, true, true]],
      ['in a free trial', paid('trialing'), [true, true, false, true]],
      ['past due while the provider retries', paid('past_due'), [true, true, true, true]],
      ['unpaid: the retries ran out', paid('unpaid'), [false, false, false, true]],
      ['cancelled at the period end, period not over', paid('active', true, DAY), [true, false, true, true]],
      ['cancelled, period over', paid('canceled', true, -DAY), [false, false, false, false]],
      ['cancelled without an end date', paid('active', true), [false, false, false, true]],
      ['free plan', { ...paid('active'), provider: 'free', providerSubscriptionId: null }, [true, true, true, true]],
      [
        'free plan cancelled',
        { ...paid('canceled', true, -1000), provider: 'free', providerSubscriptionId: null },
        [false, false, false, false],
      ],
    ];
    const answers = table.map(([name, state]) => [name, Object.values(jsAnswers(state))]);
    expect(answers).toEqual(table.map(([name, , expected]) => [name, expected]));
  });
});

describe('a discount still running: the JS predicate and the SQL fragment agree', () => {
  it('with no end, an end to come and an end past', async () => {
    const ends = { none: null, future: new Date(Date.now() + DAY), past: new Date(Date.now() - DAY) };
    const states = Object.keys(ends).map((end) => ({
      name: `discount end:${end}`,
      state: {
        status: 'active',
        cancelled: false,
        cancelAtPeriodEnd: false,
        endDate: null,
        provider: 'stripe',
        providerSubscriptionId: `sub_discount_${end}`,
      } as State,
    }));
    const { ids, nameOf } = await insertStates(states);
    for (const id of ids) {
      const end = nameOf.get(id)!.replace('discount end:', '') as keyof typeof ends;
      await handle.db
        .update(subscriptions)
        .set({ discountCents: 100, discountEndsAt: ends[end] })
        .where(inArray(subscriptions.id, [id]));
    }
    const s = alias(subscriptions, 's');
    const rows = await selectRows<{ id: string; running: unknown }>(
      handle.db,
      sql`select s.id, ${discountRunningSql(s)} as running from subscriptions s where s.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const fromSql = Object.fromEntries(rows.map((r) => [nameOf.get(r.id)!, truth(r.running)]));
    const fromJs = Object.fromEntries(
      Object.entries(ends).map(([end, at]) => [`discount end:${end}`, isDiscountRunning({ discountEndsAt: at })]),
    );
    expect(fromJs).toEqual({ 'discount end:none': true, 'discount end:future': true, 'discount end:past': false });
    expect(fromSql).toEqual(fromJs);
  });
});
