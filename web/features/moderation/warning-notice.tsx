import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@web/api/client';
import { Button } from '@web/components/button';
import { myModerationKey, useMyModeration } from './api';

/**
 * A moderator's warning, shown at the top of every page until the member clicks "I understand"
 * (nothing while it loads or when the call fails: it will show on the next page load).
 */
export function WarningNotice() {
  const { data } = useMyModeration();
  const client = useQueryClient();
  const acknowledge = useMutation({
    mutationFn: (id: string) => call(`app/moderation/warnings/${encodeURIComponent(id)}/acknowledge`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: myModerationKey }),
  });
  const warning = data?.warnings[0];
  if (!warning) return null;
  return (
    <div
      role="alertdialog"
      aria-labelledby="moderation-warning-title"
      aria-describedby="moderation-warning-text"
      className="mx-auto mb-6 w-full max-w-3xl rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      <h2 id="moderation-warning-title" className="font-semibold text-amber-950">
        A moderator has warned you{warning.group ? ` in ${warning.group.name}` : ''}
      </h2>
      <p id="moderation-warning-text" className="mt-1 whitespace-pre-line break-words text-sm text-amber-900">
        {warning.reason}
      </p>
      <div className="mt-3">
        <Button pending={acknowledge.isPending} onClick={() => acknowledge.mutate(warning._id)}>
          I understand
        </Button>
      </div>
    </div>
  );
}
