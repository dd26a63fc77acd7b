import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { RecordingAnswer } from '@common/sessions/recording/schemas';
import { ApiError } from '@web/api/client';
import { Button } from '@web/components/button';
import { MediaField } from '@web/components/form/media-field';
import { ListSkeleton, LoadFailed } from '../session-panels';
import { AFTER_TEXTS } from './after-texts';
import { useAttachRecording, useDetachRecording, useOwnProgram, useRecording } from './api/session-recording';

type SessionFacts = { _id: string; name: string; seriesId?: string };
const fieldClass =
  'mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none';
const labelClass = 'block text-sm font-medium text-stone-800';
const failure = (err: unknown, fallback: string) => (err instanceof ApiError && err.serverMessage) || fallback;

/**
 * The facilitator's Recording section once the session has started: the attached recording with
 * who may watch it (Change, Detach), or the form to attach one: an item of theirs or a new upload.
 */
export function RecordingPanel({ session }: { session: SessionFacts }) {
  const headingId = useId();
  const recording = useRecording(session._id);
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-stone-200 p-3 sm:p-4">
      <h3 id={headingId} className="text-sm font-semibold text-stone-900">
        {AFTER_TEXTS.recording}
      </h3>
      {recording.isPending ? (
        <ListSkeleton label={AFTER_TEXTS.loadingRecording} rows={1} />
      ) : recording.isError ? (
        <LoadFailed message={AFTER_TEXTS.recordingFailed} onRetry={() => recording.refetch()} />
      ) : recording.data && !editing ? (
        <AttachedRecording sessionId={session._id} recording={recording.data} onChange={() => setEditing(true)} />
      ) : (
        <AttachForm
          session={session}
          current={recording.data}
          onDone={() => setEditing(false)}
          onCancel={recording.data ? () => setEditing(false) : undefined}
        />
      )}
    </section>
  );
}

function AttachedRecording(props: { sessionId: string; recording: RecordingAnswer; onChange: () => void }) {
  const { sessionId, recording, onChange } = props;
  const program = useOwnProgram();
  const detach = useDetachRecording(sessionId);
  const [confirming, setConfirming] = useState(false);
  const tierName = program.data?.tiers.find((t) => t._id === recording.tierId)?.name;
  const extra = [
    ...(recording.series ? [AFTER_TEXTS.seriesAudience] : []),
    ...(recording.tierId ? [AFTER_TEXTS.tierAudience(tierName ?? '…')] : []),
  ];
  return (
    <div className="space-y-2 text-sm">
      <p className="font-medium break-words text-stone-900">{AFTER_TEXTS.attached(recording.title)}</p>
      <p className="text-stone-600">{AFTER_TEXTS.sharedWith(extra)}</p>
      {recording.notifiedAt && <p className="text-stone-500">{AFTER_TEXTS.notifiedAt}</p>}
      {confirming ? (
        <div role="group" aria-label={AFTER_TEXTS.detachTitle} className="space-y-2 rounded-lg bg-stone-50 p-3">
          <p className="font-medium text-stone-900">{AFTER_TEXTS.detachTitle}</p>
          <p className="text-stone-600">{AFTER_TEXTS.detachOutcome}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="danger"
              pending={detach.isPending}
              onClick={() =>
                detach.mutate(undefined, {
                  onSuccess: () => toast.success(AFTER_TEXTS.detached),
                  onError: (err) => toast.error(failure(err, AFTER_TEXTS.detachFailed)),
                  onSettled: () => setConfirming(false),
                })
              }
            >
              {AFTER_TEXTS.detach}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
              {AFTER_TEXTS.cancel}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={onChange}>
            {AFTER_TEXTS.change}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
            {AFTER_TEXTS.detach}
          </Button>
        </div>
      )}
    </div>
  );
}

type AttachFormProps = {
  session: SessionFacts;
  current: RecordingAnswer | null;
  onDone: () => void;
  onCancel?: () => void;
};

function AttachForm({ session, current, onDone, onCancel }: AttachFormProps) {
  const id = useId();
  const program = useOwnProgram();
  const attach = useAttachRecording(session._id);
  const [source, setSource] = useState<'pick' | 'upload'>('pick');
  const [contentId, setContentId] = useState(current?.contentId ?? '');
  const [title, setTitle] = useState(AFTER_TEXTS.recordingTitle(session.name));
  const [media, setMedia] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [keptIn, setKeptIn] = useState('');
  const [series, setSeries] = useState(current?.series ?? false);
  const [tierId, setTierId] = useState(current?.tierId ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  if (program.isPending) return <ListSkeleton label={AFTER_TEXTS.loadingRecording} rows={1} />;
  if (program.isError) return <LoadFailed message={AFTER_TEXTS.recordingFailed} onRetry={() => program.refetch()} />;
  const { content, tiers } = program.data;
  const keptInTier = keptIn || tiers[0]?._id || '';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const audience = { series, tierId: tierId || null };
    if (source === 'pick' && !contentId) return setProblem(AFTER_TEXTS.needItem);
    if (source === 'upload' && (!title.trim() || !media || !keptInTier)) return setProblem(AFTER_TEXTS.needUpload);
    setProblem(null);
    const choice =
      source === 'pick'
        ? { contentId, ...audience }
        : { create: { title: title.trim(), media, tiers: [keptInTier] }, ...audience };
    attach.mutate(choice, {
      onSuccess: () => {
        toast.success(AFTER_TEXTS.attachedToast);
        onDone();
      },
      onError: (err) => setProblem(failure(err, AFTER_TEXTS.attachFailed)),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 text-sm">
      <p className="text-stone-600">{AFTER_TEXTS.recordingHint}</p>
      <fieldset>
        <legend className={labelClass}>{AFTER_TEXTS.source}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {(['pick', 'upload'] as const).map((value) => (
            <label key={value} className="inline-flex items-center gap-2 py-1">
              <input
                type="radio"
                name={`${id}-source`}
                checked={source === value}
                onChange={() => setSource(value)}
                className="accent-brand-700"
              />
              {value === 'pick' ? AFTER_TEXTS.sourcePick : AFTER_TEXTS.sourceUpload}
            </label>
          ))}
        </div>
      </fieldset>
      {source === 'pick' ? (
        content.length === 0 ? (
          <p className="rounded-lg bg-stone-50 p-3 text-stone-600">{AFTER_TEXTS.noItems}</p>
        ) : (
          <div>
            <label className={labelClass} htmlFor={`${id}-item`}>
              {AFTER_TEXTS.item}
            </label>
            <select
              id={`${id}-item`}
              className={fieldClass}
              value={contentId}
              onChange={(e) => setContentId(e.target.value)}
            >
              <option value="">{AFTER_TEXTS.chooseItem}</option>
              {content.map((item) => (
                <option key={item._id} value={item._id}>
                  {item.title}
                </option>
              ))}
            </select>
          </div>
        )
      ) : tiers.length === 0 ? (
        <p className="rounded-lg bg-stone-50 p-3 text-stone-600">{AFTER_TEXTS.noTiers}</p>
      ) : (
        <div className="space-y-3">
          <div>
            <label className={labelClass} htmlFor={`${id}-title`}>
              {AFTER_TEXTS.title}
            </label>
            <input
              id={`${id}-title`}
              className={fieldClass}
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <MediaField
            label={AFTER_TEXTS.file}
            value={media}
            onChange={setMedia}
            onBusyChange={setUploading}
            accept="audio/*,video/*"
          />
          <div>
            <label className={labelClass} htmlFor={`${id}-kept-in`}>
              {AFTER_TEXTS.keptIn}
            </label>
            <select
              id={`${id}-kept-in`}
              aria-describedby={`${id}-kept-in-hint`}
              className={fieldClass}
              value={keptInTier}
              onChange={(e) => setKeptIn(e.target.value)}
            >
              {tiers.map((tier) => (
                <option key={tier._id} value={tier._id}>
                  {tier.name}
                </option>
              ))}
            </select>
            <p id={`${id}-kept-in-hint`} className="mt-1 text-xs text-stone-500">
              {AFTER_TEXTS.keptInHint}
            </p>
          </div>
        </div>
      )}
      <fieldset className="space-y-2">
        <legend className={labelClass}>{AFTER_TEXTS.audience}</legend>
        <p className="text-stone-600">{AFTER_TEXTS.bookedAudience}</p>
        {session.seriesId && (
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-0.5 accent-brand-700"
              checked={series}
              onChange={(e) => setSeries(e.target.checked)}
            />
            {AFTER_TEXTS.alsoSeries}
          </label>
        )}
        {tiers.length > 0 && (
          <div>
            <label className={labelClass} htmlFor={`${id}-tier`}>
              {AFTER_TEXTS.alsoTier}
            </label>
            <select id={`${id}-tier`} className={fieldClass} value={tierId} onChange={(e) => setTierId(e.target.value)}>
              <option value="">{AFTER_TEXTS.noTier}</option>
              {tiers.map((tier) => (
                <option key={tier._id} value={tier._id}>
                  {tier.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </fieldset>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" pending={attach.isPending} disabled={uploading}>
          {AFTER_TEXTS.attach}
        </Button>
        {onCancel && (
          <Button size="sm" variant="secondary" onClick={onCancel}>
            {AFTER_TEXTS.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}
