import { CheckIcon } from '@heroicons/react/20/solid';
import type { TierAnswer } from '@common/tiers/schemas';
import { PLAN_INCLUDES_TEXTS } from './subscription-texts';

/** The lines of what a plan includes: what the server computed from the tier, then the facilitator's own points. */
export function planIncludesLines(tier: TierAnswer): string[] {
  const lines: string[] = [];
  const includes = tier.includes;
  if (includes) {
    if (includes.contentItems > 0)
      lines.push(PLAN_INCLUDES_TEXTS.content(includes.contentItems, tier.releaseAllContent));
    if (includes.sessionCredits > 0)
      lines.push(
        PLAN_INCLUDES_TEXTS.sessions(includes.sessionCredits, tier.type === 'single' ? 'month' : tier.interval),
      );
    if (includes.groupName) lines.push(PLAN_INCLUDES_TEXTS.group(includes.groupName));
    if (includes.directMessaging) lines.push(PLAN_INCLUDES_TEXTS.messaging);
  }
  return [...lines, ...(tier.features ?? [])];
}

/** The plan card's "Includes" list; nothing when the plan says nothing it includes. */
export function PlanIncludes({ tier, labelId }: { tier: TierAnswer; labelId: string }) {
  const lines = planIncludesLines(tier);
  if (lines.length === 0) return null;
  return (
    <div className="pt-1">
      <p id={labelId} className="text-xs font-semibold tracking-wide text-stone-500 uppercase">
        {PLAN_INCLUDES_TEXTS.title}
      </p>
      <ul aria-labelledby={labelId} className="mt-1.5 space-y-1 text-sm text-stone-700">
        {lines.map((line, i) => (
          // the facilitator's points may repeat a computed line; the position keeps keys apart
          <li key={`${i}-${line}`} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span className="min-w-0 break-words">{line}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
