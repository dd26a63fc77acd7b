import { useId, useState } from 'react';
import { Button } from '@web/components/button';
import { cardStyles } from '@web/components/card-styles';
import { formErrorText } from '@web/components/form/error-text';
import { useAppointModerator, useModerators, useRemoveModerator } from './api';

/** The group's moderators; its owner, tier facilitator and admins appoint and remove them. */
export function ModeratorsSection({ groupId }: { groupId: string }) {
  const { data, isPending, isError } = useModerators(groupId);
  const appoint = useAppointModerator(groupId);
  const remove = useRemoveModerator(groupId);
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string>();
  const selectId = useId();

  async function run(work: () => Promise<unknown>) {
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      setError(formErrorText(failure));
    }
  }

  return (
    <section aria-labelledby="moderators" className="space-y-3">
      <h2 id="moderators" className="text-lg font-semibold text-stone-900">
        Moderators
      </h2>
      <div className={`${cardStyles} space-y-4 p-4 sm:p-5`}>
        {isPending ? (
          <p role="status" className="text-sm text-stone-500">
            Loading moderators…
          </p>
        ) : isError ? (
          <p role="alert" className="text-sm text-red-700">
            The moderators could not be loaded.
          </p>
        ) : (
          <>
            {data.moderators.length === 0 ? (
              <p className="text-sm text-stone-600">No moderators yet.</p>
            ) : (
              <ul className="divide-y divide-stone-100">
                {data.moderators.map((m) => (
                  <li key={m._id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <span>
                      {m.name} <span className="text-stone-500">@{m.username}</span>
                    </span>
                    {data.mayAppoint && (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Remove ${m.name} as moderator`}
                        pending={remove.isPending && remove.variables === m._id}
                        onClick={() => void run(() => remove.mutateAsync(m._id))}
                      >
                        Remove
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {data.mayAppoint && (
              <form
                className="flex flex-col gap-2 sm:flex-row sm:items-end"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (choice)
                    void run(async () => {
                      await appoint.mutateAsync(choice);
                      setChoice('');
                    });
                }}
              >
                <div className="flex-1">
                  <label htmlFor={selectId} className="block text-sm font-medium text-stone-900">
                    Appoint a member
                  </label>
                  <select
                    id={selectId}
                    value={choice}
                    onChange={(e) => setChoice(e.target.value)}
                    className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm"
                  >
                    <option value="">Choose a member…</option>
                    {data.candidates.map((c) => (
                      <option key={c._id} value={c._id}>
                        {c.name} (@{c.username})
                      </option>
                    ))}
                  </select>
                </div>
                <Button type="submit" disabled={!choice} pending={appoint.isPending}>
                  Appoint
                </Button>
              </form>
            )}
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
