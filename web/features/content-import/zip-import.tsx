import { useId, useState, type FormEvent } from 'react';
import { Button } from '@web/components/button';
import { serverMessageOf } from '@web/components/form/error-text';
import { startZipImport } from './api';
import { SendingState } from './sending-state';
import { TierSelect } from './tier-select';

/** ZIP: one ZIP of recordings, with an optional CSV of titles and days inside. */
export function ZipImport({
  tiers,
  onStarted,
}: {
  tiers: { _id: string; name: string }[];
  onStarted: (importId: string) => void;
}) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [tierId, setTierId] = useState(tiers[0]?._id ?? '');
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setError(null);
    try {
      const started = await startZipImport(file, tierId, { onProgress: setPercent });
      onStarted(started._id);
    } catch (err) {
      setError(serverMessageOf(err) ?? 'The ZIP could not be sent.');
    } finally {
      setPercent(null);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4">
      <TierSelect id={`${ids}-tier`} tiers={tiers} value={tierId} onChange={setTierId} />
      <div>
        <label htmlFor={`${ids}-file`} className="block text-sm font-medium text-stone-900">
          ZIP of recordings
        </label>
        <p id={`${ids}-hint`} className="text-sm text-stone-600">
          Audio, video or PDF files. Add a CSV named anything.csv with the columns file,title,day,description to set
          titles and queue days; other files take their title from the file name and follow in order.
        </p>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".zip,application/zip"
          required
          aria-describedby={`${ids}-hint`}
          className="mt-2 block w-full text-sm text-stone-900 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-stone-100 file:px-4 file:font-semibold"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <SendingState percent={percent} label="Sending the ZIP" error={error} />
      <Button type="submit" pending={percent !== null} disabled={!file || !tierId}>
        Upload and import
      </Button>
    </form>
  );
}
