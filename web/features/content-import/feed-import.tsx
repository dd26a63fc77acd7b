import { useId, useState, type FormEvent } from 'react';
import type { FeedPreviewAnswer } from '@common/content-import/schemas';
import { Button } from '@web/components/button';
import { controlStyles } from '@web/components/form/field-frame';
import { serverMessageOf } from '@web/components/form/error-text';
import { previewFeed, startFeedImport } from './api';
import { sizeText } from './size-text';
import { TierSelect } from './tier-select';

const dateText = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : 'no date';

/** Podcast feed: the address, a preview of its recordings to choose from, the tier and the order. */
export function FeedImport({
  tiers,
  onStarted,
}: {
  tiers: { _id: string; name: string }[];
  onStarted: (importId: string) => void;
}) {
  const ids = useId();
  const [feedUrl, setFeedUrl] = useState('');
  const [preview, setPreview] = useState<FeedPreviewAnswer | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [tierId, setTierId] = useState(tiers[0]?._id ?? '');
  const [order, setOrder] = useState<'oldest' | 'newest'>('oldest');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setLoading(true);
    try {
      const answer = await previewFeed(feedUrl.trim());
      setPreview(answer);
      setChosen(new Set(answer.items.map((i) => i.key)));
    } catch (err) {
      setPreview(null);
      setError(serverMessageOf(err) ?? 'The feed could not be loaded.');
    } finally {
      setLoading(false);
    }
  };

  const start = async () => {
    setError(null);
    try {
      const started = await startFeedImport({
        feedUrl: feedUrl.trim(),
        tierId,
        order,
        contentType: 'podcast',
        items: preview!.items.filter((i) => chosen.has(i.key)).map((i) => i.key),
      });
      onStarted(started._id);
    } catch (err) {
      setError(serverMessageOf(err) ?? 'The import could not start.');
    }
  };

  const toggle = (key: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div className="space-y-5">
      <form onSubmit={load} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${ids}-url`} className="block text-sm font-medium text-stone-900">
            Feed address
          </label>
          <p id={`${ids}-url-hint`} className="text-sm text-stone-600">
            The RSS address of your podcast. A private feed’s address is kept sealed and never shown again.
          </p>
          <input
            id={`${ids}-url`}
            type="url"
            required
            inputMode="url"
            autoComplete="off"
            aria-describedby={`${ids}-url-hint`}
            placeholder="https://example.com/podcast.xml"
            className={controlStyles(Boolean(error && !preview), 'mt-1')}
            value={feedUrl}
            onChange={(e) => setFeedUrl(e.target.value)}
          />
        </div>
        <Button type="submit" pending={loading}>
          Load feed
        </Button>
      </form>

      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}

      {preview && (
        <div className="space-y-4">
          <h2 className="text-lg font-semibold text-stone-900">
            {preview.title}: {preview.items.length} recordings
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TierSelect id={`${ids}-tier`} tiers={tiers} value={tierId} onChange={setTierId} />
            <div>
              <label htmlFor={`${ids}-order`} className="block text-sm font-medium text-stone-900">
                Order in the queue
              </label>
              <p className="text-sm text-stone-600">By the date each episode was published.</p>
              <select
                id={`${ids}-order`}
                className={controlStyles(false, 'mt-1')}
                value={order}
                onChange={(e) => setOrder(e.target.value as 'oldest' | 'newest')}
              >
                <option value="oldest">Oldest first</option>
                <option value="newest">Newest first</option>
              </select>
            </div>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-stone-900">
              Recordings to import ({chosen.size} of {preview.items.length} chosen)
            </legend>
            <div className="mt-2 flex gap-3 text-sm">
              <button
                type="button"
                className="font-semibold text-brand-800 underline"
                onClick={() => setChosen(new Set(preview.items.map((i) => i.key)))}
              >
                Choose all
              </button>
              <button
                type="button"
                className="font-semibold text-brand-800 underline"
                onClick={() => setChosen(new Set())}
              >
                Choose none
              </button>
            </div>
            <ul className="mt-2 max-h-96 divide-y divide-stone-200 overflow-y-auto rounded-lg border border-stone-200">
              {preview.items.map((item) => (
                <li key={item.key}>
                  <label className="flex cursor-pointer items-start gap-3 p-3 hover:bg-stone-50">
                    <input
                      type="checkbox"
                      className="mt-1 size-4"
                      checked={chosen.has(item.key)}
                      onChange={() => toggle(item.key)}
                    />
                    <span className="min-w-0">
                      <span className="block font-medium break-words text-stone-900">{item.title}</span>
                      <span className="block text-sm text-stone-600">
                        {dateText(item.publishedAt)} · {item.mimeType ?? 'audio or video'} · {sizeText(item.size)}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <Button onClick={start} disabled={chosen.size === 0 || !tierId}>
            Import {chosen.size} recordings
          </Button>
        </div>
      )}
    </div>
  );
}
