import { and, eq } from 'drizzle-orm';
import type { BecomeFacilitatorRequest } from '../../../common/profiles/schemas';
import { type User, users } from '../../db/schema';
import { type CommandContext, inTransaction, recordAudit } from '../../platform/context';
import { conflict, forbidden, unauthorized } from '../../platform/errors';
import { membersMayBecomeFacilitators } from '../site/service';
import { becomeFacilitatorRefusal, canBecomeFacilitator } from './policy';

const siteAllows = membersMayBecomeFacilitators;

/** GET app/profile: whether Settings offers me "Become a facilitator" now. */
export const mayBecomeFacilitator = async (ctx: Pick<CommandContext, 'db'>, user: User) =>
  !user.isFacilitator && canBecomeFacilitator(user, user, await siteAllows(ctx));

/**
 * POST app/me/become-facilitator: I become a facilitator with my facilitator profile's fields,
 * audited. The update is conditional on not being one yet, so two calls at once turn me once and
 * the second answers 409 `already_facilitator`.
 */
export async function becomeFacilitator(ctx: CommandContext, user: User, input: BecomeFacilitatorRequest) {
  return inTransaction(ctx, async (tx) => {
    const refusal = becomeFacilitatorRefusal(user, user, await siteAllows(tx));
    if (refusal === 'sign_in') throw unauthorized();
    if (refusal === 'already_facilitator') throw conflict('already_facilitator');
    if (refusal) throw forbidden(refusal);
    const [row] = await tx.db
      .update(users)
      .set({ isFacilitator: true, bio: input.bio ?? '', facilitatorCategory: input.facilitatorCategory ?? '' })
      .where(and(eq(users.id, user.id), eq(users.isFacilitator, false)))
      .returning();
    if (!row) throw conflict('already_facilitator');
    await recordAudit(tx, {
      action: 'update',
      targetType: 'facilitator',
      targetId: row.id,
      details: { email: row.email, isFacilitator: true, selfService: true },
    });
    return row;
  });
}
