import { useState, type ReactNode } from 'react';
import clsx from 'clsx';
import { PhotoIcon } from '@heroicons/react/24/outline';
import { imageUrl, type ImageSize } from '@common/uploads/schemas';
import { useImageConfig } from './images/use-image-config';

export type TendImageProps = {
  /** The stored path (no leading slash); nothing shows the placeholder. */
  path: string | null | undefined;
  /** xs is 100 px wide, sm 600 px; none is the original. */
  size?: ImageSize;
  /** Describe the picture, or '' when it is decorative. */
  alt: string;
  className?: string;
  /** Shown instead of the neutral placeholder when there is no image (e.g. an initial). */
  fallback?: ReactNode;
  onLoad?: () => void;
  onError?: () => void;
};

/** An uploaded image from the image host, resized, lazy-loaded; a calm placeholder otherwise. */
export function TendImage({ path, size, alt, className, fallback, onLoad, onError }: TendImageProps) {
  const config = useImageConfig();
  const src = path && config.data ? imageUrl(config.data.urlEndpoint, path, size) : undefined;
  // A broken image falls back to the placeholder; a new src gets a fresh chance.
  const [failedSrc, setFailedSrc] = useState<string>();

  if (!path || (src && failedSrc === src)) {
    return fallback !== undefined ? fallback : <ImagePlaceholder alt={alt} className={className} />;
  }
  if (!src) {
    // The host is still being looked up (once per app run).
    return <ImagePlaceholder alt={alt} className={clsx('animate-pulse motion-reduce:animate-none', className)} />;
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onLoad={onLoad}
      onError={() => {
        setFailedSrc(src);
        onError?.();
      }}
      className={clsx('bg-stone-100 object-cover', className)}
    />
  );
}

/** A neutral stone square with a picture icon; named like the image when it has a description. */
export function ImagePlaceholder({ alt, className }: { alt: string; className?: string }) {
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      className={clsx('flex items-center justify-center overflow-hidden bg-stone-100 text-stone-400', className)}
    >
      <PhotoIcon aria-hidden="true" className="size-1/3 max-h-10 max-w-10 min-h-4 min-w-4" />
    </span>
  );
}
