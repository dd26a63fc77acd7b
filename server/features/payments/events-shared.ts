import { eq } from 'drizzle-orm';
import { isId } from '../../../common/params';
import type { Database } from '../../db/client';
import { users, type Tier } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { AccountState, ProviderSubscription } from '../../platform/payments/provider';
import { findTier as findTierById } from '../tiers/queries';
import type { Earner } from './revenue';

/** Provider calls to make once the event's transaction has committed (refunds, cancellations). */
export type AfterCommit = Array<() => Promise<unknown>>;

/** What applying an event came to: 'duplicate' for one already applied, 'pending' while a delayed payment settles. */
export type Outcome = 'applied' | 'duplicate' | 'ignored' | 'pending' | 'refunded';

export type Reads = { remote?: ProviderSubscription; account?: AccountState };
/** One event being applied: its transaction, the provider state read before it, the follow-ups after commit. */
export type Apply = { ctx: AppContext; db: Database; reads: Reads; afterCommit: AfterCommit };

/** Ids from a provider's metadata are checked before they reach a query. */
export const findTier = async (db: Database, id: string | undefined) => (isId(id) ? findTierById(db, id) : undefined);

export const findUser = async (db: Database, id: string | undefined) =>
  isId(id) ? (await db.select().from(users).where(eq(users.id, id)).limit(1))[0] : undefined;

export const earnerOf = (tier: Tier): Earner => ({ facilitatorId: tier.userId, tierId: tier.id, name: tier.name });
