import { DialogTitle, Description } from '@headlessui/react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { TierGrantAnswer } from '@common/tiers/grants';
import type { TierAnswer } from '@common/tiers/schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { dateText } from '@web/components/dates';
import { DialogFormActions } from '@web/components/dialog-form-actions';
import { DialogShell } from '@web/components/dialog-shell';
import { controlStyles } from '@web/components/form/field-frame';
import { useGiveGrant, useRevokeGrant, useTierGrants } from './api/tier-grants';
import { COMPLIMENTARY_TEXTS as T } from './complimentary-texts';

/** A tier's complimentary access: who has it, giving it (by email) and revoking it. */
export function ComplimentaryAccess({ tier }: { tier: TierAnswer }) {
  const grants = useTierGrants(tier._id);
  const [giving, setGiving] = useState(false);
  const [toRevoke, setToRevoke] = useState<TierGrantAnswer | null>(null);
  const revoke = useRevokeGrant(tier._id);
  const headingId = useId();
  const live = (grants.data ?? []).filter((g) => g.status !== 'revoked');

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-stone-900">
            {T.section}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{T.intro}</p>
        </div>
        <Button variant="secondary" onClick={() => setGiving(true)}>
          {T.give}
        </Button>
      </div>
      {grants.isPending ? (
        <p role="status" className="mt-4 text-sm text-stone-600">
          {T.loading}
        </p>
      ) : grants.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-800">
          {T.loadFailed}
          <Button variant="secondary" size="sm" onClick={() => grants.refetch()}>
            {T.tryAgain}
          </Button>
        </div>
      ) : live.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{T.empty}</p>
      ) : (
        <ul aria-label={T.section} className="mt-4 divide-y divide-stone-100">
          {live.map((g) => {
            const who = g.member?.name ?? g.email ?? '';
            return (
              <li key={g._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-words text-stone-900">{who}</p>
                  <p className="text-stone-600">
                    {T.status[g.status]} · {g.until ? `until ${dateText(g.until)}` : T.forGood.toLowerCase()}
                    {g.note && <span className="block break-words text-stone-500">{g.note}</span>}
                  </p>
                </div>
                <Button variant="secondary" size="sm" aria-label={`${T.revoke}: ${who}`} onClick={() => setToRevoke(g)}>
                  {T.revoke}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <GiveAccessDialog tier={tier} open={giving} onClose={() => setGiving(false)} />
      <ConfirmDialog
        open={toRevoke !== null}
        onClose={() => setToRevoke(null)}
        title={T.revokeTitle}
        confirmLabel={T.revoke}
        onConfirm={async () => {
          if (!toRevoke) return;
          await revoke.mutateAsync(toRevoke._id);
          toast.success(`Complimentary access of ${toRevoke.member?.name ?? toRevoke.email} was revoked.`);
        }}
      >
        <p>
          {toRevoke?.member?.name ?? toRevoke?.email} loses access to ‘{tier.name}’ at once and is told so.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function GiveAccessDialog({ tier, open, onClose }: { tier: TierAnswer; open: boolean; onClose: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [forGood, setForGood] = useState(true);
  const [until, setUntil] = useState('');
  const [note, setNote] = useState('');
  const give = useGiveGrant(tier._id);

  const close = () => {
    if (give.isPending) return;
    give.reset();
    onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (give.isPending) return;
    give.mutate(
      {
        email: email.trim(),
        // the end of the chosen day, in the facilitator's zone
        until: forGood || !until ? null : new Date(`${until}T23:59:59`).toISOString(),
        note: note.trim(),
      },
      {
        onSuccess: () => {
          toast.success(`Complimentary access to ${tier.name} was given to ${email.trim()}.`);
          setEmail('');
          setUntil('');
          setNote('');
          setForGood(true);
          onClose();
        },
      },
    );
  }

  return (
    <DialogShell open={open} onClose={close} className="max-w-md">
      <form onSubmit={submit} aria-label={T.give}>
        <DialogTitle className="text-lg font-semibold text-stone-900">{T.give}</DialogTitle>
        <Description className="mt-2 text-sm text-stone-600">‘{tier.name}’, without payment.</Description>
        <label htmlFor={`${id}-email`} className="mt-4 block text-sm font-medium text-stone-800">
          {T.email}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          required
          data-autofocus
          autoComplete="off"
          value={email}
          aria-describedby={`${id}-email-hint`}
          onChange={(e) => setEmail(e.target.value)}
          className={controlStyles(false, 'mt-1.5')}
        />
        <p id={`${id}-email-hint`} className="mt-1 text-xs text-stone-500">
          {T.emailHint}
        </p>
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-stone-800">{T.until}</legend>
          <div className="mt-1.5 flex flex-wrap gap-4 text-sm text-stone-800">
            <label className="flex items-center gap-2">
              <input type="radio" name={`${id}-until`} checked={forGood} onChange={() => setForGood(true)} />
              {T.forGood}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name={`${id}-until`} checked={!forGood} onChange={() => setForGood(false)} />
              {T.untilDate}
            </label>
          </div>
          {!forGood && (
            <>
              <label htmlFor={`${id}-date`} className="sr-only">
                {T.until}
              </label>
              <input
                id={`${id}-date`}
                type="date"
                required
                value={until}
                onChange={(e) => setUntil(e.target.value)}
                className={controlStyles(false, 'mt-2')}
              />
            </>
          )}
        </fieldset>
        <label htmlFor={`${id}-note`} className="mt-4 block text-sm font-medium text-stone-800">
          {T.note}
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={500}
          value={note}
          aria-describedby={`${id}-note-hint`}
          onChange={(e) => setNote(e.target.value)}
          className={controlStyles(false, 'mt-1.5 resize-y')}
        />
        <p id={`${id}-note-hint`} className="mt-1 text-xs text-stone-500">
          {T.noteHint}
        </p>
        <DialogFormActions mutation={give} onCancel={close} cancelText={T.cancel} submitText={T.submit} />
      </form>
    </DialogShell>
  );
}
