import clsx from 'clsx';
import type { ContentAnswer, ContentType, FileType } from '@common/content/schemas';
import { TendImage, type TendImageProps } from '@web/components/tend-image';
import { CONTENT_TYPE_DISPLAY, FILE_TYPE_DISPLAY, type ContentKindDisplay } from '@web/components/content-types';

/** A small pill with a kind's icon and label; `tone` gives its colours. */
function KindBadge({
  kind: { label, icon: KindIcon },
  tone,
  className,
}: {
  kind: ContentKindDisplay;
  tone: string;
  className?: string;
}) {
  return (
    <span
      className={clsx('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', tone, className)}
    >
      <KindIcon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}

export function ContentTypeBadge({ type, className }: { type: ContentType; className?: string }) {
  return <KindBadge kind={CONTENT_TYPE_DISPLAY[type]} tone="bg-brand-50 text-brand-800" className={className} />;
}

export function FileTypeBadge({ type, className }: { type: FileType; className?: string }) {
  return <KindBadge kind={FILE_TYPE_DISPLAY[type]} tone="bg-stone-100 text-stone-700" className={className} />;
}

/** A square thumbnail stand-in: the content type's icon on a soft green tile. */
function ContentTypeTile({ type, className }: { type: ContentType; className?: string }) {
  const { icon: TypeIcon } = CONTENT_TYPE_DISPLAY[type];
  return (
    <span aria-hidden="true" className={clsx('flex items-center justify-center bg-brand-50 text-brand-700', className)}>
      <TypeIcon className="size-1/2 max-h-8 max-w-8" />
    </span>
  );
}

type ContentThumbnailProps = {
  content: Pick<ContentAnswer, 'thumbnail' | 'contentType'>;
  size: TendImageProps['size'];
  className: string;
};

/** The content's thumbnail, or its type's tile in the same box when it has none or it fails to load. */
export function ContentThumbnail({ content, size, className }: ContentThumbnailProps) {
  return (
    <TendImage
      path={content.thumbnail}
      size={size}
      alt=""
      className={className}
      fallback={<ContentTypeTile type={content.contentType} className={className} />}
    />
  );
}
