import type { ComponentType, SVGProps } from 'react';
import clsx from 'clsx';
import {
  BoltIcon,
  BookOpenIcon,
  CloudIcon,
  DocumentTextIcon,
  FilmIcon,
  InformationCircleIcon,
  MicrophoneIcon,
  MusicalNoteIcon,
  PencilSquareIcon,
  PhotoIcon,
  SunIcon,
} from '@heroicons/react/24/outline';
import type { ContentType, FileType } from '@common/content/schemas';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/** spec 02 §1: the kinds of practice content, with the icon each is shown with. */
export const CONTENT_TYPE_DISPLAY: Record<ContentType, { label: string; icon: Icon }> = {
  meditation: { label: 'Meditation', icon: SunIcon },
  breathwork: { label: 'Breathwork', icon: CloudIcon },
  reading: { label: 'Reading', icon: BookOpenIcon },
  journal: { label: 'Journal', icon: PencilSquareIcon },
  podcast: { label: 'Podcast', icon: MicrophoneIcon },
  workout: { label: 'Workout', icon: BoltIcon },
  informational: { label: 'Informational', icon: InformationCircleIcon },
};

export const FILE_TYPE_DISPLAY: Record<FileType, { label: string; icon: Icon }> = {
  audio: { label: 'Audio', icon: MusicalNoteIcon },
  video: { label: 'Video', icon: FilmIcon },
  image: { label: 'Image', icon: PhotoIcon },
  document: { label: 'Document', icon: DocumentTextIcon },
};

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

export function ContentTypeBadge({ type, className }: { type: ContentType; className?: string }) {
  const { label, icon: TypeIcon } = CONTENT_TYPE_DISPLAY[type];
  return (
    <span className={clsx(badge, 'bg-brand-50 text-brand-800', className)}>
      <TypeIcon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}

export function FileTypeBadge({ type, className }: { type: FileType; className?: string }) {
  const { label, icon: FileIcon } = FILE_TYPE_DISPLAY[type];
  return (
    <span className={clsx(badge, 'bg-stone-100 text-stone-700', className)}>
      <FileIcon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}

/** A square thumbnail stand-in: the content type's icon on a soft green tile. */
export function ContentTypeTile({ type, className }: { type: ContentType; className?: string }) {
  const { icon: TypeIcon } = CONTENT_TYPE_DISPLAY[type];
  return (
    <span aria-hidden="true" className={clsx('flex items-center justify-center bg-brand-50 text-brand-700', className)}>
      <TypeIcon className="size-1/2 max-h-8 max-w-8" />
    </span>
  );
}
