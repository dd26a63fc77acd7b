import { TIER_FEATURE_LENGTH_MAX, TIER_FEATURES_MAX } from '@common/tiers/schemas';

/** The tier form's "What's included" field. */
export const TIER_FEATURES_TEXTS = {
  label: "What's included (your own points)",
  hint: `Optional. One point a line, up to ${TIER_FEATURES_MAX} of ${TIER_FEATURE_LENGTH_MAX} characters each. The plan card lists them after the group, messaging, content and sessions the plan gives.`,
  placeholder: 'A welcome call in the first week\nWorksheets for every lesson',
  tooMany: `At most ${TIER_FEATURES_MAX} points`,
  tooLong: `At most ${TIER_FEATURE_LENGTH_MAX} characters a point`,
} as const;
