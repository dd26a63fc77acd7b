import { useRef, useState, type SyntheticEvent } from 'react';
import clsx from 'clsx';
import {
  ArrowTopRightOnSquareIcon,
  ArrowDownTrayIcon,
  ArrowUturnLeftIcon,
  ArrowUturnRightIcon,
  DocumentTextIcon,
} from '@heroicons/react/24/outline';
import type { FileType } from '@common/content/schemas';
import { Spinner } from './spinner';
import { buttonStyles } from './button-styles';
import { formErrorText } from './form/error-text';
import { clockText, type PlaceKeeper, useKeptPlace } from './media/kept-place';
import {
  type NowPlaying,
  SEEK_BACK_SECONDS,
  SEEK_FORWARD_SECONDS,
  seekBy,
  useMediaSession,
} from './media/media-session';
import { CaptionsTrack, TranscriptDisclosure, useCaptionsUrl } from './media/text-alternatives';
import { useSignedUrl } from './media/use-signed-url';

export type MediaKind = 'audio' | 'video' | 'image' | 'document';

export type MediaPlayerProps = {
  /** The key app/upload answered (`url`). */
  fileKey: string;
  /** The stored file type; the signed URL's contentType wins when it is specific. */
  fileType?: FileType | null;
  /** Names the player or link for assistive tech, e.g. the content's title. */
  title?: string;
  className?: string;
  /** Classes for the <audio>/<video>/<img> or embedded document itself. */
  mediaClassName?: string;
  /** Shown while the signed URL is fetched. */
  loadingLabel?: string;
  /** Show PDFs inline (in an <iframe>) as well as the link, e.g. in an upload preview. */
  embedDocuments?: boolean;
  /** The tallest video or image may be, in px; an embedded document takes exactly this height. */
  maxHeight?: number;
  /** Audio and video: a WebVTT upload's key, shown as a captions `<track>`. */
  captions?: string | null;
  /** Audio and video: what is said, in a 'Transcript' disclosure under the player. */
  transcript?: string | null;
  /** An image's alt text; the title when none was written. */
  alt?: string | null;
  /**
   * Audio and video: what the lock screen shows while it plays (Media Session), with its previous
   * and next item; also shows the back 15 s / forward 30 s buttons under the player.
   */
  nowPlaying?: NowPlaying;
  /** Audio and video: where the member's place is kept; it resumes there ('Resumed at 12:34'). */
  place?: PlaceKeeper;
  /** Audio and video: play once ready (reached through 'next' while listening). */
  autoPlay?: boolean;
};

/** Which element plays a file: by its content type, else by the stored file type. */
export function mediaKindOf(contentType: string | undefined, fileType?: FileType | null): MediaKind {
  const type = contentType?.split(';')[0].trim().toLowerCase() ?? '';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('image/')) return 'image';
  if (type && type !== 'application/octet-stream') return 'document';
  return fileType ?? 'document';
}

const isPdf = (contentType: string) => /^application\/pdf\b/i.test(contentType);

/**
 * Plays or shows an uploaded file through a short-lived signed URL, with
 * 'Error: {message}' when the URL cannot be had, and its transcript when it has one.
 */
export function MediaPlayer({ transcript, ...props }: MediaPlayerProps) {
  if (!transcript?.trim()) return <MediaView {...props} />;
  return (
    <div className={props.className}>
      <MediaView {...props} className={undefined} />
      <TranscriptDisclosure transcript={transcript} title={props.title} />
    </div>
  );
}

function MediaView({
  fileKey,
  fileType,
  title,
  className,
  mediaClassName,
  loadingLabel = 'Loading media…',
  embedDocuments = false,
  maxHeight,
  captions,
  alt,
  nowPlaying,
  place,
  autoPlay,
}: Omit<MediaPlayerProps, 'transcript'>) {
  const query = useSignedUrl(fileKey);
  const captionsUrl = useCaptionsUrl(captions);

  if (query.isPending) {
    return (
      <div
        role="status"
        className={clsx('flex items-center gap-2 rounded-xl bg-stone-50 px-4 py-6 text-sm text-stone-600', className)}
      >
        <Spinner className="text-brand-700" />
        {loadingLabel}
      </div>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className={clsx('rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800', className)}>
        Error: {formErrorText(query.error)}
      </p>
    );
  }

  const { signedUrl, contentType } = query.data;
  const kind = mediaKindOf(contentType, fileType);
  if (kind === 'audio' || kind === 'video') {
    return (
      <PlayableMedia
        key={fileKey}
        kind={kind}
        latestUrl={signedUrl}
        refresh={async () => (await query.refetch()).data?.signedUrl}
        title={title}
        className={className}
        mediaClassName={mediaClassName}
        maxHeight={maxHeight}
        captionsUrl={captionsUrl}
        nowPlaying={nowPlaying}
        place={place}
        autoPlay={autoPlay}
      />
    );
  }
  if (kind === 'image') {
    return (
      <div className={className}>
        <img
          src={signedUrl}
          alt={alt?.trim() || title || ''}
          loading="lazy"
          style={{ maxHeight }}
          className={clsx('mx-auto block max-w-full rounded-lg object-contain', mediaClassName)}
        />
      </div>
    );
  }
  return (
    <DocumentLink
      url={signedUrl}
      contentType={contentType}
      title={title}
      embed={embedDocuments}
      className={className}
      mediaClassName={mediaClassName}
      height={maxHeight}
    />
  );
}

type PlayableMediaProps = {
  kind: 'audio' | 'video';
  latestUrl: string;
  refresh: () => Promise<string | undefined>;
  title?: string;
  className?: string;
  mediaClassName?: string;
  maxHeight?: number;
  captionsUrl?: string;
} & Pick<MediaPlayerProps, 'nowPlaying' | 'place' | 'autoPlay'>;

/**
 * Keeps the URL playback started with: a background refresh must not restart a playing file.
 * When that URL expires mid-way (the element errors), it takes a fresh one and resumes in place.
 * With `nowPlaying` it holds the Media Session while it plays and shows the seek buttons; with
 * `place` it starts where the member stopped and keeps their place.
 */
function PlayableMedia(props: PlayableMediaProps) {
  const { kind, latestUrl, refresh, title, className, mediaClassName, maxHeight, captionsUrl } = props;
  const { nowPlaying, place, autoPlay } = props;
  const [element, setElement] = useState<HTMLMediaElement | null>(null);
  useMediaSession(element, nowPlaying);
  const { resumedAt, startOver } = useKeptPlace(element, place, autoPlay);
  const [src, setSrc] = useState(latestUrl);
  const resumeAt = useRef(0);
  const retriedFor = useRef<string>(undefined);

  async function onError(event: SyntheticEvent<HTMLMediaElement>) {
    if (retriedFor.current === src) return; // a fresh URL failed too: leave the native error showing
    retriedFor.current = src;
    resumeAt.current = event.currentTarget.currentTime;
    const fresh = await refresh();
    if (fresh && fresh !== src) setSrc(fresh);
  }

  function onLoadedMetadata(event: SyntheticEvent<HTMLMediaElement>) {
    if (resumeAt.current > 0) {
      event.currentTarget.currentTime = resumeAt.current;
      resumeAt.current = 0;
    }
  }

  const common = {
    ref: setElement,
    src,
    controls: true,
    preload: 'metadata',
    'aria-label': title,
    onError: (event: SyntheticEvent<HTMLMediaElement>) => void onError(event),
    onLoadedMetadata,
  } as const;

  return (
    <div className={className}>
      {kind === 'audio' && !captionsUrl ? (
        <audio {...common} className={clsx('w-full', mediaClassName)} />
      ) : (
        // audio with captions plays in a <video> element too, the one that shows a captions track
        <video
          {...common}
          playsInline
          style={{ maxHeight }}
          className={clsx(
            'mx-auto block w-full rounded-lg bg-stone-950',
            kind === 'audio' && 'aspect-[4/1] min-h-32',
            mediaClassName,
          )}
        >
          {captionsUrl && <CaptionsTrack src={captionsUrl} />}
        </video>
      )}
      {(nowPlaying || place) && (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
          {nowPlaying && element && <SeekButtons media={element} />}
          {/* the status is there before its text, so a screen reader announces the resume */}
          <p
            className={clsx(
              resumedAt === null ? 'sr-only' : 'flex flex-wrap items-center gap-x-1 text-sm text-stone-600 sm:ml-auto',
            )}
          >
            <span role="status">{resumedAt !== null && `Resumed at ${clockText(resumedAt)}`}</span>
            {resumedAt !== null && (
              <>
                <span aria-hidden="true">—</span>
                <button
                  type="button"
                  onClick={startOver}
                  className={clsx(
                    'inline-flex min-h-11 items-center rounded-lg px-1',
                    'font-semibold text-brand-700 hover:text-brand-800',
                  )}
                >
                  Start over
                </button>
              </>
            )}
          </p>
        </div>
      )}
    </div>
  );
}

/** Back 15 s and forward 30 s, as on the lock screen; named in full for screen readers. */
function SeekButtons({ media }: { media: HTMLMediaElement }) {
  const style = buttonStyles({ variant: 'secondary', size: 'md' });
  return (
    <div className="flex items-center gap-2">
      <button type="button" className={style} onClick={() => seekBy(media, -SEEK_BACK_SECONDS)}>
        <ArrowUturnLeftIcon aria-hidden="true" className="size-5" />
        <span aria-hidden="true">{SEEK_BACK_SECONDS} s</span>
        <span className="sr-only">Back {SEEK_BACK_SECONDS} seconds</span>
      </button>
      <button type="button" className={style} onClick={() => seekBy(media, SEEK_FORWARD_SECONDS)}>
        <span aria-hidden="true">{SEEK_FORWARD_SECONDS} s</span>
        <span className="sr-only">Forward {SEEK_FORWARD_SECONDS} seconds</span>
        <ArrowUturnRightIcon aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}

type DocumentLinkProps = {
  url: string;
  contentType: string;
  title?: string;
  embed: boolean;
  className?: string;
  mediaClassName?: string;
  height?: number;
};

/** PDFs open in a new tab (and may show inline); other documents download. */
function DocumentLink({ url, contentType, title, embed, className, mediaClassName, height = 600 }: DocumentLinkProps) {
  const pdf = isPdf(contentType);
  const Icon = pdf ? ArrowTopRightOnSquareIcon : ArrowDownTrayIcon;
  const name = title ?? (pdf ? 'PDF document' : 'Document');
  return (
    <div className={clsx('flex flex-col gap-3', className)}>
      {pdf && embed && (
        <iframe
          src={url}
          title={title ?? 'Document preview'}
          style={{ height }}
          className={clsx('w-full rounded-lg border border-stone-200 bg-stone-50', mediaClassName)}
        />
      )}
      <div className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-4">
        <DocumentTextIcon aria-hidden="true" className="size-8 shrink-0 text-stone-400" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-stone-900">{name}</p>
          <p className="text-xs text-stone-500">{pdf ? 'Opens in a new tab' : contentType}</p>
        </div>
        <a
          href={url}
          {...(pdf ? { target: '_blank', rel: 'noopener noreferrer' } : { download: '' })}
          aria-label={pdf ? `Open ${name} (opens in a new tab)` : `Download ${name}`}
          className={clsx(
            'inline-flex min-h-11 shrink-0 items-center gap-1.5 px-3',
            'rounded-lg text-sm font-semibold text-brand-700',
            'hover:bg-brand-50 hover:text-brand-800',
          )}
        >
          {pdf ? 'Open' : 'Download'}
          <Icon aria-hidden="true" className="size-4" />
        </a>
      </div>
    </div>
  );
}
