import type { TierAnswer } from '../../../common/tiers/schemas';
import type { Tier } from '../../db/schema';

export const presentTier = (t: Tier): TierAnswer => ({
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
});
