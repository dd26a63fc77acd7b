import { useState } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { ArrowDownTrayIcon, CheckCircleIcon } from '@heroicons/react/24/outline';
import type { ContentAnswer } from '@common/content/schemas';
import { Button } from '@web/components/button';
import { RemoveFromDevice } from './remove-from-device';
import { formErrorText } from '@web/components/form/error-text';
import { useOnline } from '@web/components/use-online';
import { useWhoami } from '@web/features/session/api/get-whoami';
import { isSignedIn } from '@web/features/session/roles';
import { canSaveForOffline, saveForOffline, useSavedItems } from './saved-media';
import { sizeText } from './size-text';

/**
 * "Save for offline" beside an item's player (audio and video only): stores its file, captions
 * and artwork on this device, then shows the space it takes, a way to remove it and the list of
 * saved items. Saving needs a connection; a saved item plays without one.
 */
export function SaveForOffline({ content, className }: { content: ContentAnswer; className?: string }) {
  const { data: whoami } = useWhoami();
  const online = useOnline();
  const saved = useSavedItems().items.find((item) => item.content._id === content._id);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  if (!canSaveForOffline(content) || !isSignedIn(whoami) || !whoami.id) return null;
  const owner = whoami.id;

  async function save() {
    setError(undefined);
    setSaving(true);
    try {
      await saveForOffline(content, owner);
    } catch (err) {
      setError(formErrorText(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div
      className={clsx(
        'flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-xl border border-stone-200 px-3 py-2',
        className,
      )}
    >
      {saved ? (
        <>
          <p className="flex items-center gap-2 text-sm text-stone-700">
            <CheckCircleIcon className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              <strong className="font-semibold text-stone-900">Saved for offline</strong> · {sizeText(saved.bytes)} on
              this device
            </span>
          </p>
          <div className="flex items-center gap-1">
            <Link
              to="/saved-offline"
              className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-700 hover:text-brand-800"
            >
              Saved items
            </Link>
            <RemoveFromDevice content={content} />
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-stone-600">
            {online ? 'Keep it on this device to play without a connection.' : 'Saving for offline needs a connection.'}
          </p>
          <Button variant="secondary" size="sm" pending={saving} disabled={!online} onClick={save}>
            <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
            {saving ? 'Saving…' : 'Save for offline'}
          </Button>
        </>
      )}
      {error && (
        <p role="alert" className="w-full text-sm text-red-800">
          Not saved: {error}
        </p>
      )}
    </div>
  );
}
