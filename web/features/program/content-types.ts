import {
  BoltIcon,
  BookOpenIcon,
  CloudIcon,
  InformationCircleIcon,
  MicrophoneIcon,
  MoonIcon,
  PencilSquareIcon,
} from '@heroicons/react/24/outline';
import type { ContentType } from '@common/content/schemas';

type Icon = typeof MoonIcon;

/** spec 02 §1: the kinds of practice content, each with a tile icon and a label. */
export const CONTENT_TYPE_DISPLAY: Record<ContentType, { label: string; icon: Icon }> = {
  meditation: { label: 'Meditation', icon: MoonIcon },
  breathwork: { label: 'Breathwork', icon: CloudIcon },
  reading: { label: 'Reading', icon: BookOpenIcon },
  journal: { label: 'Journal', icon: PencilSquareIcon },
  podcast: { label: 'Podcast', icon: MicrophoneIcon },
  workout: { label: 'Workout', icon: BoltIcon },
  informational: { label: 'Informational', icon: InformationCircleIcon },
};
