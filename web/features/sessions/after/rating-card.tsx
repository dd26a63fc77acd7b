import { StarIcon } from '@heroicons/react/20/solid';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { type FeedbackPromptAnswer, RATING_COMMENT_MAX } from '@common/sessions/after/schemas';
import { Button } from '@web/components/button';
import { cardStyles } from '@web/components/card-styles';
import { useFeedbackPrompts, useRateSession } from './api/rate-session';
import { AFTER_TEXTS } from './after-texts';

/**
 * "How was it?": one card per ended session waiting for my rating (I attended it). Nothing while
 * loading or when there is none; the card leaves once rated.
 */
export function RatingCards() {
  const prompts = useFeedbackPrompts();
  if (!prompts.isSuccess || prompts.data.length === 0) return null;
  return (
    <ul className="space-y-3">
      {prompts.data.map((prompt) => (
        <li key={prompt.sessionId}>
          <RatingCard prompt={prompt} />
        </li>
      ))}
    </ul>
  );
}

export function RatingCard({ prompt }: { prompt: FeedbackPromptAnswer }) {
  const titleId = useId();
  const errorId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const rate = useRateSession();
  return (
    <article aria-labelledby={titleId} className={clsx(cardStyles, 'p-4 sm:p-5')}>
      <h2 id={titleId} className="text-base font-semibold text-stone-900">
        {AFTER_TEXTS.howWasIt(prompt.name)}
      </h2>
      <p className="text-sm text-stone-600">{AFTER_TEXTS.withFacilitator(prompt.facilitatorName)}</p>
      <form
        className="mt-3 space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (rating === null) return setMissing(true);
          rate.mutate(
            { sessionId: prompt.sessionId, rating, comment: comment.trim() || undefined },
            {
              onSuccess: () => toast.success(AFTER_TEXTS.thanks),
              onError: () => toast.error(AFTER_TEXTS.rateFailed),
            },
          );
        }}
      >
        <fieldset aria-describedby={missing ? errorId : undefined}>
          <legend className="text-sm font-medium text-stone-800">{AFTER_TEXTS.rating}</legend>
          <div className="mt-1 flex gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="cursor-pointer rounded-md p-1 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
              >
                <input
                  type="radio"
                  name={`rating-${prompt.sessionId}`}
                  value={n}
                  className="sr-only"
                  checked={rating === n}
                  onChange={() => {
                    setRating(n);
                    setMissing(false);
                  }}
                  aria-label={AFTER_TEXTS.stars(n)}
                />
                <StarIcon
                  aria-hidden="true"
                  className={clsx('size-8', rating !== null && n <= rating ? 'text-amber-500' : 'text-stone-300')}
                />
              </label>
            ))}
          </div>
          {missing && (
            <p id={errorId} className="mt-1 text-sm text-red-700">
              {AFTER_TEXTS.chooseRating}
            </p>
          )}
        </fieldset>
        <label className="block text-sm font-medium text-stone-800">
          {AFTER_TEXTS.comment}
          <textarea
            value={comment}
            maxLength={RATING_COMMENT_MAX}
            onChange={(e) => setComment(e.target.value)}
            rows={2}
            className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm font-normal"
          />
        </label>
        <Button type="submit" size="sm" disabled={rate.isPending}>
          {AFTER_TEXTS.send}
        </Button>
      </form>
    </article>
  );
}
