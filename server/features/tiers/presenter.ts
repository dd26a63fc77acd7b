import { presentPrices } from '../../../common/tiers/prices';
import type { TierAnswer } from '../../../common/tiers/schemas';
import type { Tier, TierPrice } from '../../db/schema';
import { pricesOrDefault } from './prices';

/** A tier as it travels; with its price rows given, its `prices` too (a course's: none). */
export const presentTier = (t: Tier, prices?: TierPrice[]): TierAnswer => ({
  _id: t.id,
  name: t.name,
  description: t.description,
  price: t.priceCents / 100,
  thumbnail: t.thumbnail,
  type: t.type,
  interval: t.billingInterval,
  trialDays: t.trialDays,
  published: t.published,
  releaseAllContent: t.releaseAllContent,
  allowDirectMessaging: t.allowDirectMessaging,
  associatedGroup: t.associatedGroupId,
  contentQueue: t.contentQueue,
  contentQueueFrequency: t.contentQueueFrequency,
  user: t.userId,
  sessionCredits: t.sessionCredits,
  creditsRollOver: t.creditsRollOver,
  creditSeriesIds: t.creditSeriesIds,
  features: t.features,
  ...(prices ? { prices: presentPrices(pricesOrDefault(t, prices)) } : {}),
});
