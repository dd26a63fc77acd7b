import { Description, DialogTitle } from '@headlessui/react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { formatUsd } from '@common/money';
import type { CreateOfferRequest, OfferAnswer } from '@common/offers/schemas';
import { describeOfferDiscount, termsOfAnswer } from '@common/offers/terms';
import type { TierAnswer } from '@common/tiers/schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { dateText } from '@web/components/dates';
import { DialogFormActions } from '@web/components/dialog-form-actions';
import { DialogShell } from '@web/components/dialog-shell';
import { controlStyles } from '@web/components/form/field-frame';
import { useArchiveOffer, useCreateOffer, useTierOffers, useUpdateOffer } from './api/tier-offers';
import { OFFERS_TEXTS as T } from './offers-texts';

const linkOf = (offer: OfferAnswer) => `${window.location.origin}${offer.link}`;
/** The end of the chosen day, in the facilitator's zone. */
const endOfDay = (day: string) => (day ? new Date(`${day}T23:59:59`).toISOString() : null);
const dayOf = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** A tier's offers: each with its redemptions, revenue and status; created, changed, archived, its link copied. */
export function OffersEditor({ tier }: { tier: TierAnswer }) {
  const offers = useTierOffers(tier._id);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<OfferAnswer | null>(null);
  const [toArchive, setToArchive] = useState<OfferAnswer | null>(null);
  const archive = useArchiveOffer(tier._id);
  const headingId = useId();

  async function copy(offer: OfferAnswer) {
    try {
      await navigator.clipboard.writeText(linkOf(offer));
      toast.success(T.copied);
    } catch {
      toast.error(T.copyFailed);
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-stone-900">
            {T.section}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{T.intro}</p>
        </div>
        {/* the intro takes the room left over; the button keeps its label on one line */}
        <Button variant="secondary" onClick={() => setCreating(true)} className="shrink-0 whitespace-nowrap">
          {T.create}
        </Button>
      </div>
      {offers.isPending ? (
        <p role="status" className="mt-4 text-sm text-stone-600">
          {T.loading}
        </p>
      ) : offers.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-sm text-red-800">
          {T.loadFailed}
          <Button variant="secondary" size="sm" onClick={() => offers.refetch()}>
            {T.tryAgain}
          </Button>
        </div>
      ) : offers.data.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{T.empty}</p>
      ) : (
        <ul aria-label={T.section} className="mt-4 divide-y divide-stone-100">
          {offers.data.map((o) => (
            <li key={o._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-semibold break-all text-stone-900">{o.code}</span>
                  <span
                    className={
                      o.status === 'active'
                        ? 'rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800'
                        : 'rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700'
                    }
                  >
                    {T.status[o.status]}
                  </span>
                </p>
                <p className="text-stone-700">{describeOfferDiscount(termsOfAnswer(o))}</p>
                <p className="text-stone-600">
                  {T.redemptions(o.redemptions, o.redemptionLimit)}
                  {o.reserved > 0 && ` · ${T.reserved(o.reserved)}`} · {T.revenue(formatUsd(o.revenueCents / 100))}
                  {o.endsAt && ` · ${T.ends(dateText(o.endsAt))}`}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {o.status !== 'archived' && (
                  <>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${T.copyLink}: ${o.code}`}
                      onClick={() => copy(o)}
                    >
                      {T.copyLink}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${T.edit}: ${o.code}`}
                      onClick={() => setEditing(o)}
                    >
                      {T.edit}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`${T.archive}: ${o.code}`}
                      onClick={() => setToArchive(o)}
                    >
                      {T.archive}
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <CreateOfferDialog tier={tier} open={creating} onClose={() => setCreating(false)} />
      {editing && <EditOfferDialog tier={tier} offer={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={toArchive !== null}
        onClose={() => setToArchive(null)}
        title={T.archiveTitle}
        confirmLabel={T.archive}
        onConfirm={async () => {
          if (!toArchive) return;
          await archive.mutateAsync(toArchive._id);
          toast.success(T.archived(toArchive.code));
        }}
      >
        <p>{toArchive && T.archiveText(toArchive.code)}</p>
      </ConfirmDialog>
    </section>
  );
}

type Kind = CreateOfferRequest['kind'];
type Duration = NonNullable<CreateOfferRequest['duration']>;

function CreateOfferDialog({ tier, open, onClose }: { tier: TierAnswer; open: boolean; onClose: () => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<Kind>('percent');
  const [value, setValue] = useState('');
  const [duration, setDuration] = useState<Duration>('once');
  const [months, setMonths] = useState('3');
  const [endsOn, setEndsOn] = useState('');
  const [limit, setLimit] = useState('');
  const create = useCreateOffer(tier._id);
  // a course is paid once: free days and durations are a subscription's
  const kinds: Kind[] = tier.type === 'subscription' ? ['percent', 'amount', 'trial'] : ['percent', 'amount'];

  const close = () => {
    if (create.isPending) return;
    create.reset();
    onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const n = Number(value);
    const input: CreateOfferRequest = {
      kind,
      ...(code.trim() ? { code: code.trim() } : {}),
      ...(kind === 'percent' ? { percentOff: n } : kind === 'amount' ? { amountOff: n } : { trialDays: n }),
      ...(kind !== 'trial' ? { duration: tier.type === 'subscription' ? duration : 'once' } : {}),
      ...(kind !== 'trial' && duration === 'repeating' ? { durationMonths: Number(months) } : {}),
      endsAt: endOfDay(endsOn),
      redemptionLimit: limit ? Number(limit) : null,
    };
    create.mutate(input, {
      onSuccess: (made) => {
        toast.success(T.created(made.code));
        setCode('');
        setValue('');
        setEndsOn('');
        setLimit('');
        onClose();
      },
    });
  }

  const valueLabel = kind === 'percent' ? T.percentOff : kind === 'amount' ? T.amountOff : T.trialDays;
  return (
    <DialogShell open={open} onClose={close} className="max-w-md">
      <form onSubmit={submit} aria-label={T.create}>
        <DialogTitle className="text-lg font-semibold text-stone-900">{T.create}</DialogTitle>
        <Description className="mt-2 text-sm text-stone-600">‘{tier.name}’</Description>
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-stone-800">{T.kind}</legend>
          <div className="mt-1.5 flex flex-wrap gap-4 text-sm text-stone-800">
            {kinds.map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input type="radio" name={`${id}-kind`} checked={kind === k} onChange={() => setKind(k)} />
                {T.kinds[k]}
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor={`${id}-value`} className="mt-4 block text-sm font-medium text-stone-800">
          {valueLabel}
        </label>
        <input
          id={`${id}-value`}
          type="number"
          required
          data-autofocus
          inputMode="decimal"
          min={kind === 'amount' ? 0.01 : 1}
          max={kind === 'percent' ? 100 : kind === 'trial' ? 365 : undefined}
          step={kind === 'amount' ? 0.01 : 1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className={controlStyles(false, 'mt-1.5')}
        />
        {kind !== 'trial' && tier.type === 'subscription' && (
          <>
            <label htmlFor={`${id}-duration`} className="mt-4 block text-sm font-medium text-stone-800">
              {T.duration}
            </label>
            <select
              id={`${id}-duration`}
              value={duration}
              onChange={(e) => setDuration(e.target.value as Duration)}
              className={controlStyles(false, 'mt-1.5')}
            >
              {(['once', 'repeating', 'forever'] as const).map((d) => (
                <option key={d} value={d}>
                  {T.durations[d]}
                </option>
              ))}
            </select>
            {duration === 'repeating' && (
              <>
                <label htmlFor={`${id}-months`} className="mt-4 block text-sm font-medium text-stone-800">
                  {T.months}
                </label>
                <input
                  id={`${id}-months`}
                  type="number"
                  required
                  min={1}
                  max={36}
                  value={months}
                  onChange={(e) => setMonths(e.target.value)}
                  className={controlStyles(false, 'mt-1.5')}
                />
              </>
            )}
          </>
        )}
        <label htmlFor={`${id}-code`} className="mt-4 block text-sm font-medium text-stone-800">
          {T.code}
        </label>
        <input
          id={`${id}-code`}
          autoComplete="off"
          maxLength={40}
          value={code}
          aria-describedby={`${id}-code-hint`}
          onChange={(e) => setCode(e.target.value)}
          className={controlStyles(false, 'mt-1.5 font-mono')}
        />
        <p id={`${id}-code-hint`} className="mt-1 text-xs text-stone-500">
          {T.codeHint}
        </p>
        <LimitFields id={id} endsOn={endsOn} setEndsOn={setEndsOn} limit={limit} setLimit={setLimit} />
        <DialogFormActions mutation={create} onCancel={close} cancelText={T.cancel} submitText={T.create} />
      </form>
    </DialogShell>
  );
}

type LimitFieldsProps = {
  id: string;
  endsOn: string;
  setEndsOn: (v: string) => void;
  limit: string;
  setLimit: (v: string) => void;
};

function LimitFields({ id, endsOn, setEndsOn, limit, setLimit }: LimitFieldsProps) {
  return (
    <>
      <label htmlFor={`${id}-ends`} className="mt-4 block text-sm font-medium text-stone-800">
        {T.endsOn}
      </label>
      <input
        id={`${id}-ends`}
        type="date"
        value={endsOn}
        onChange={(e) => setEndsOn(e.target.value)}
        className={controlStyles(false, 'mt-1.5')}
      />
      <label htmlFor={`${id}-limit`} className="mt-4 block text-sm font-medium text-stone-800">
        {T.limit}
      </label>
      <input
        id={`${id}-limit`}
        type="number"
        min={1}
        step={1}
        value={limit}
        aria-describedby={`${id}-limit-hint`}
        onChange={(e) => setLimit(e.target.value)}
        className={controlStyles(false, 'mt-1.5')}
      />
      <p id={`${id}-limit-hint`} className="mt-1 text-xs text-stone-500">
        {T.limitHint}
      </p>
    </>
  );
}

function EditOfferDialog({ tier, offer, onClose }: { tier: TierAnswer; offer: OfferAnswer; onClose: () => void }) {
  const id = useId();
  const [endsOn, setEndsOn] = useState(dayOf(offer.endsAt));
  const [limit, setLimit] = useState(offer.redemptionLimit === null ? '' : String(offer.redemptionLimit));
  const update = useUpdateOffer(tier._id);
  const close = () => {
    if (!update.isPending) onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(
      { offerId: offer._id, endsAt: endOfDay(endsOn), redemptionLimit: limit ? Number(limit) : null },
      {
        onSuccess: () => {
          toast.success(T.saved(offer.code));
          onClose();
        },
      },
    );
  }

  return (
    <DialogShell open onClose={close} className="max-w-md">
      <form onSubmit={submit} aria-label={T.editTitle(offer.code)}>
        <DialogTitle className="text-lg font-semibold text-stone-900">{T.editTitle(offer.code)}</DialogTitle>
        <Description className="mt-2 text-sm text-stone-600">{describeOfferDiscount(termsOfAnswer(offer))}</Description>
        <LimitFields id={id} endsOn={endsOn} setEndsOn={setEndsOn} limit={limit} setLimit={setLimit} />
        <DialogFormActions mutation={update} onCancel={close} cancelText={T.cancel} submitText={T.save} />
      </form>
    </DialogShell>
  );
}
