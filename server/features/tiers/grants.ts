import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { localDay } from '../../../common/time';
import type { TierGrantAnswer } from '../../../common/tiers/grants';
import type { Executor } from '../../db/client';
import { subscriptions, type Tier, type TierGrant, tierGrants, tiers, type User, users } from '../../db/schema';
import { type CommandContext, inTransaction } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { mailLater } from '../mail/send';
import { notify } from '../notifications/service';
import { complimentaryInviteMail } from './grant-mails';
import { entitledSql, isEntitled } from '../subscriptions/entitlement';
import { tierGroupFollows } from '../subscriptions/tier-group';

/**
 * Complimentary access. A live grant to an account holds a 'complimentary' subscription to the
 * tier: content, group, messaging and every other reader of access ask the one subscription rule
 * (subscriptions/entitlement.ts), and `until` is that subscription's end date, so an expired grant
 * stops giving access in the query itself. Money counts leave 'complimentary' out (payments/money.ts).
 */

type GrantInput = { memberId?: string; email?: string; until: string | null; note: string };

const hasAccessUntil = (until: Date | null) => until === null || until > new Date();

/**
 * Gives `member` the tier's complimentary subscription, in the caller's transaction. A member
 * entitled through a subscription of their own keeps it (409 `already_subscribed`): a grant never
 * replaces what they pay for. An ended subscription row is taken over.
 */
async function holdComplimentary(db: Executor, member: Pick<User, 'id' | 'timeZone'>, tier: Tier, until: Date | null) {
  const [before] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, member.id), eq(subscriptions.tierId, tier.id)))
    .for('update');
  const [saved] = await db
    .insert(subscriptions)
    .values({
      userId: member.id,
      tierId: tier.id,
      startDate: localDay(new Date(), member.timeZone),
      priceCents: 0,
      status: 'active',
      provider: 'complimentary',
      endDate: until,
    })
    .onConflictDoUpdate({
      target: [subscriptions.userId, subscriptions.tierId],
      set: {
        provider: 'complimentary',
        status: 'active',
        cancelled: false,
        endDate: until,
        priceCents: 0,
        providerSubscriptionId: null,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
      },
      setWhere: sql`not (${entitledSql()}) or ${subscriptions.provider} = 'complimentary'`,
    })
    .returning();
  if (!saved) throw conflict('already_subscribed');
  const hadAccess = before ? isEntitled(before) : false;
  await tierGroupFollows(db, { userId: member.id, tier, hadAccess, hasAccess: hasAccessUntil(until) });
}

/**
 * Gives an account the tier for free in the caller's transaction, as a grant would (the grant row
 * and its subscription), inside a savepoint: a member who already holds a live grant of the tier
 * or pays for it is left as they are, and `false` is answered.
 */
export async function grantToAccount(
  db: Executor,
  grant: { granterId: string; tier: Tier; member: Pick<User, 'id' | 'timeZone'>; until: Date | null; note: string },
): Promise<boolean> {
  try {
    return await db.transaction(async (inner) => {
      const [row] = await inner
        .insert(tierGrants)
        .values({
          tierId: grant.tier.id,
          memberId: grant.member.id,
          note: grant.note,
          until: grant.until,
          grantedBy: grant.granterId,
        })
        .onConflictDoNothing()
        .returning({ id: tierGrants.id });
      if (!row) return false;
      await holdComplimentary(inner, grant.member, grant.tier, grant.until);
      return true;
    });
  } catch (err) {
    if ((err as { body?: { error?: string } }).body?.error === 'already_subscribed') return false;
    throw err;
  }
}

/** POST app/tier/{id}/grants. */
export async function createGrant(ctx: CommandContext, granter: User, tier: Tier, input: GrantInput) {
  const until = input.until === null ? null : new Date(input.until);
  if (until !== null && until <= new Date()) throw badRequest('grant_until_past');
  let member: User | undefined;
  if (input.memberId !== undefined) {
    [member] = await ctx.db.select().from(users).where(eq(users.id, input.memberId)).limit(1);
    if (!member) throw notFound('grant_member_not_found');
  } else {
    [member] = await ctx.db.select().from(users).where(sql`lower(${users.email}) = ${input.email}`).limit(1);
  }
  if (member && (member.id === granter.id || member.id === tier.userId)) throw badRequest('grant_to_self');

  const grant = await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(tierGrants)
      .values({
        tierId: tier.id,
        memberId: member?.id ?? null,
        email: member ? null : input.email!,
        note: input.note,
        until,
        grantedBy: granter.id,
      })
      // the partial unique indexes: of two identical grants at once, one is written
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('grant_exists');
    if (member) {
      await holdComplimentary(tx.db, member, tier, until);
      await notify(tx.db, {
        userId: member.id,
        type: 'payment',
        message: `${granter.name} gave you complimentary access to ${tier.name}.`,
        link: '/subscriptions',
      });
    }
    return row;
  });
  if (!member) {
    const invite = complimentaryInviteMail(grant.email!, granter.name, tier.name, `${ctx.config.publicUrl}/register`);
    await mailLater(ctx, invite, `tier-grant:${grant.id}`);
  }
  return (await grantsOf(ctx.db, eq(tierGrants.id, grant.id)))[0]!;
}

/** DELETE app/tier/{id}/grants/{grantId}: once; the member loses access at once and is told. */
export async function revokeGrant(ctx: CommandContext, revoker: User, tier: Tier, grantId: string) {
  await inTransaction(ctx, async (tx) => {
    const [grant] = await tx.db
      .update(tierGrants)
      .set({ revokedAt: new Date() })
      .where(and(eq(tierGrants.id, grantId), eq(tierGrants.tierId, tier.id), isNull(tierGrants.revokedAt)))
      .returning();
    if (!grant) throw notFound('grant_not_found');
    if (!grant.memberId) return;
    const [ended] = await tx.db
      .update(subscriptions)
      .set({ cancelled: true, endDate: new Date() })
      .where(
        and(
          eq(subscriptions.userId, grant.memberId),
          eq(subscriptions.tierId, tier.id),
          eq(subscriptions.provider, 'complimentary'),
          entitledSql(),
        ),
      )
      .returning();
    if (!ended) return;
    await tierGroupFollows(tx.db, { userId: grant.memberId, tier, hadAccess: true, hasAccess: false });
    await notify(tx.db, {
      userId: grant.memberId,
      type: 'payment',
      message: `${revoker.name} ended your complimentary access to ${tier.name}.`,
      link: '/subscriptions',
    });
  });
  return { revoked: true as const };
}

/**
 * Grants waiting for `user`'s address become theirs: called once the account's address is proven
 * (its email confirmed). Each grant is claimed by one conditional update, so a repeated call
 * claims nothing twice; a grant for a tier the member already pays for is claimed without effect.
 */
export async function claimGrants(ctx: CommandContext, user: User) {
  const waiting = await ctx.db
    .select({ grant: tierGrants, tier: tiers, granter: users })
    .from(tierGrants)
    .innerJoin(tiers, eq(tiers.id, tierGrants.tierId))
    .innerJoin(users, eq(users.id, tierGrants.grantedBy))
    .where(
      and(isNull(tierGrants.memberId), isNull(tierGrants.revokedAt), sql`${tierGrants.email} = lower(${user.email})`),
    );
  for (const { grant, tier, granter } of waiting) {
    if (tier.userId === user.id) continue;
    await inTransaction(ctx, async (tx) => {
      const [claimed] = await tx.db
        .update(tierGrants)
        .set({ memberId: user.id, email: null, claimedAt: new Date() })
        .where(
          and(
            eq(tierGrants.id, grant.id),
            isNull(tierGrants.memberId),
            isNull(tierGrants.revokedAt),
            // a live grant of the same tier already given to the account keeps the claim waiting
            sql`not exists (select 1 from tier_grants live where live.tier_id = ${tier.id} and live.member_id = ${user.id} and live.revoked_at is null)`,
          ),
        )
        .returning();
      if (!claimed) return;
      if (grant.until !== null && grant.until <= new Date()) return;
      try {
        await inTransaction(tx, (inner) => holdComplimentary(inner.db, user, tier, grant.until));
      } catch {
        return; // already subscribed: their own subscription stands
      }
      await notify(tx.db, {
        userId: user.id,
        type: 'payment',
        message: `${granter.name} gave you complimentary access to ${tier.name}.`,
        link: '/subscriptions',
      });
    });
  }
}

const statusOf = (g: TierGrant): TierGrantAnswer['status'] => {
  if (g.revokedAt) return 'revoked';
  if (g.until && g.until <= new Date()) return 'expired';
  return g.memberId ? 'active' : 'waiting';
};

const member = alias(users, 'member');

async function grantsOf(db: Executor, where: ReturnType<typeof eq>): Promise<TierGrantAnswer[]> {
  const rows = await db
    .select({ grant: tierGrants, member: { id: member.id, name: member.name } })
    .from(tierGrants)
    .leftJoin(member, eq(member.id, tierGrants.memberId))
    .where(where)
    .orderBy(desc(tierGrants.createdAt));
  return rows.map(({ grant: g, member: m }) => ({
    _id: g.id,
    tierId: g.tierId,
    member: m ? { _id: m.id, name: m.name } : null,
    email: g.email,
    note: g.note,
    until: g.until?.toISOString() ?? null,
    createdAt: g.createdAt.toISOString(),
    claimedAt: g.claimedAt?.toISOString() ?? null,
    revokedAt: g.revokedAt?.toISOString() ?? null,
    status: statusOf(g),
  }));
}

/** GET app/tier/{id}/grants: the tier's grants, live ones and those revoked in the last 90 days. */
export const listGrants = (ctx: CommandContext, tier: Tier) =>
  grantsOf(
    ctx.db,
    and(
      eq(tierGrants.tierId, tier.id),
      or(isNull(tierGrants.revokedAt), sql`${tierGrants.revokedAt} > now() - interval '90 days'`),
    )!,
  ).then((grants) => ({ grants }));
