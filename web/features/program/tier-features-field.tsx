import { useState } from 'react';
import { TIER_FEATURE_LENGTH_MAX, TIER_FEATURES_MAX } from '@common/tiers/schemas';
import { BindField, type FieldBinding, type FrameOptions } from '@web/components/form/field-binding';
import { FieldFrame, controlStyles, useFieldControl } from '@web/components/form/field-frame';
import { TIER_FEATURES_TEXTS } from './tier-features-texts';

/** The textarea's lines as the tier's points: blank lines dropped, each trimmed. */
export const pointsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** What is wrong with the points before the server is asked, or undefined. */
function problemOf(points: string[]): string | undefined {
  if (points.length > TIER_FEATURES_MAX) return TIER_FEATURES_TEXTS.tooMany;
  if (points.some((p) => p.length > TIER_FEATURE_LENGTH_MAX)) return TIER_FEATURES_TEXTS.tooLong;
  return undefined;
}

/**
 * The tier form's "What's included": the facilitator's own bullet points, one a line (the plan
 * card lists them after what the plan includes by itself).
 */
export function TierFeaturesField() {
  return (
    <BindField<string[]>
      field={{ name: 'features', label: TIER_FEATURES_TEXTS.label, description: TIER_FEATURES_TEXTS.hint }}
      render={(field, frame) => <FeaturesTextarea field={field} frame={frame} />}
    />
  );
}

function FeaturesTextarea({ field, frame }: { field: FieldBinding<string[]>; frame: FrameOptions }) {
  // the text as typed (blank lines included); the form holds the points
  const [text, setText] = useState(() => (field.value ?? []).join('\n'));
  const problem = problemOf(pointsOf(text));
  const shown = { ...field, error: problem ?? (typeof field.error === 'string' ? field.error : undefined) };
  const { ids, control } = useFieldControl<HTMLTextAreaElement>(shown, frame);
  return (
    <FieldFrame ids={ids} field={shown} frame={frame}>
      <textarea
        {...control}
        rows={4}
        placeholder={TIER_FEATURES_TEXTS.placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          field.onChange(pointsOf(event.target.value));
        }}
        className={controlStyles(Boolean(shown.error))}
      />
    </FieldFrame>
  );
}
