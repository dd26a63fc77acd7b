/** The text of a count badge on an icon: counts past 99 show as 99+. */
export const badgeCount = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The name of an icon control that shows a count badge: 'Messages', 'Messages, 2 unread',
 * 'Notifications, more than 99 unread'. The badge's text is part of the name, as WCAG 2.5.3
 * (Label in Name) asks of what is seen on a control: a voice-control user says what they see,
 * and axe's label-content-name-mismatch checks it.
 */
export const countedName = (label: string, count: number) =>
  count > 0 ? `${label}, ${count > 99 ? 'more than 99' : count} unread` : label;
