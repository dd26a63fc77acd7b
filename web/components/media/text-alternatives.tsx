import { useQuery } from '@tanstack/react-query';
import { signedUrlQueryOptions } from './use-signed-url';
import clsx from 'clsx';

/**
 * The signed URL of a captions file: the same GET app/get-signed-url as the
 * media, so only those who may play the media can fetch its captions. Undefined while there is
 * none (no captions, still loading, or refused: the media then plays without them).
 */
export function useCaptionsUrl(captions: string | null | undefined): string | undefined {
  const query = useQuery({ ...signedUrlQueryOptions(captions ?? ''), enabled: Boolean(captions) });
  return captions ? query.data?.signedUrl : undefined;
}

/** The language captions are announced in: the page's own. */
const pageLanguage = () => (typeof document !== 'undefined' && document.documentElement.lang) || 'en';

/** The `<track>` a video (or audio shown in a video element) shows its captions from, on by default. */
export function CaptionsTrack({ src }: { src: string }) {
  return <track kind="captions" src={src} srcLang={pageLanguage()} label="Captions" default />;
}

/** What is said in the audio or video, as text under the player: a native disclosure, keyboard reachable. */
export function TranscriptDisclosure({ transcript, title }: { transcript: string; title?: string }) {
  return (
    <details className="group mt-3 rounded-xl border border-stone-300 bg-white">
      <summary
        className={clsx(
          'flex min-h-11 cursor-pointer items-center gap-2 px-4',
          'rounded-xl text-sm font-semibold text-stone-900',
          'hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        )}
      >
        Transcript
        {title && <span className="sr-only"> of {title}</span>}
      </summary>
      <div className="border-t border-stone-200 px-4 py-3 text-sm leading-relaxed whitespace-pre-line text-stone-800">
        {transcript}
      </div>
    </details>
  );
}
