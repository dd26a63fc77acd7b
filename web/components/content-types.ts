import type { ComponentType, SVGProps } from 'react';
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

export type ContentIcon = ComponentType<SVGProps<SVGSVGElement>>;
export type ContentKindDisplay = { label: string; icon: ContentIcon };

/** The kinds of practice content, with the label and icon each is shown with. */
export const CONTENT_TYPE_DISPLAY: Record<ContentType, ContentKindDisplay> = {
  meditation: { label: 'Meditation', icon: SunIcon },
  breathwork: { label: 'Breathwork', icon: CloudIcon },
  reading: { label: 'Reading', icon: BookOpenIcon },
  journal: { label: 'Journal', icon: PencilSquareIcon },
  podcast: { label: 'Podcast', icon: MicrophoneIcon },
  workout: { label: 'Workout', icon: BoltIcon },
  informational: { label: 'Informational', icon: InformationCircleIcon },
};

/** Content.fileType: the kinds of uploaded file, with the label and icon of each. */
export const FILE_TYPE_DISPLAY: Record<FileType, ContentKindDisplay> = {
  audio: { label: 'Audio', icon: MusicalNoteIcon },
  video: { label: 'Video', icon: FilmIcon },
  image: { label: 'Image', icon: PhotoIcon },
  document: { label: 'Document', icon: DocumentTextIcon },
};
