import {
  AcademicCapIcon,
  ArrowRightStartOnRectangleIcon,
  BellIcon,
  ChartBarIcon,
  ChatBubbleLeftRightIcon,
  CloudArrowDownIcon,
  Cog6ToothIcon,
  CreditCardIcon,
  HomeIcon,
  MagnifyingGlassIcon,
  RectangleStackIcon,
  ShieldCheckIcon,
  SparklesIcon,
  UserCircleIcon,
  UserGroupIcon,
} from '@heroicons/react/24/outline';
import { isAdmin, isFacilitator, type SignedInUser } from '@web/features/session/roles';

export type NavIcon = typeof HomeIcon;
export type NavEntry = { label: string; to: string; icon: NavIcon; end?: boolean };

/** Shared layout: navigation by role. */
export function primaryNav(user: SignedInUser): NavEntry[] {
  if (isFacilitator(user)) {
    return [
      { label: 'Dashboard', to: '/dashboard', icon: ChartBarIcon },
      { label: 'Inspiration Feed', to: '/feed', icon: SparklesIcon },
      { label: 'Community', to: '/community', icon: UserGroupIcon },
      { label: 'Membership', to: '/program', icon: RectangleStackIcon },
    ];
  }
  return [
    { label: 'My Daily Practice', to: '/', icon: HomeIcon, end: true },
    { label: 'Inspiration Feed', to: '/feed', icon: SparklesIcon },
    { label: 'Groups', to: '/community', icon: UserGroupIcon },
    { label: 'Explore', to: '/explore', icon: MagnifyingGlassIcon },
  ];
}

export const messagesEntry: NavEntry = { label: 'Your Messages', to: '/messages', icon: ChatBubbleLeftRightIcon };
export const notificationsEntry: NavEntry = { label: 'Notifications', to: '/notifications', icon: BellIcon };
export const adminEntry: NavEntry = { label: 'Admin Portal', to: '/admin', icon: ShieldCheckIcon };
export const logoutEntry: NavEntry = { label: 'Logout', to: '/logout', icon: ArrowRightStartOnRectangleIcon };

/** The profile menu; subscriptions and courses are for non-facilitators only. */
export function profileNav(user: SignedInUser): NavEntry[] {
  const member = !isFacilitator(user);
  return [
    { label: 'Your Profile', to: '/profile', icon: UserCircleIcon, end: true },
    ...(member
      ? [
          { label: 'Your Subscriptions', to: '/subscriptions', icon: CreditCardIcon },
          { label: 'Your Courses', to: '/courses', icon: AcademicCapIcon },
          { label: 'Saved for offline', to: '/saved-offline', icon: CloudArrowDownIcon },
        ]
      : []),
    { label: 'Settings', to: '/settings', icon: Cog6ToothIcon },
  ];
}

export const showsAdminPortal = isAdmin;
