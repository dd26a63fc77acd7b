import { addDays, addWeeks, format, isSameDay, isSameMonth, isSameYear, startOfWeek } from 'date-fns';
import type { SessionAnswer } from '@common/sessions/schemas';

/** Session calendar: weeks run Sunday to Saturday, in the viewer's time zone. */
export const weekStartOf = (day: Date | string) => startOfWeek(new Date(day), { weekStartsOn: 0 });

export const shiftWeek = (weekStart: Date, weeks: number) => addWeeks(weekStart, weeks);

/** [Sunday 00:00, next Sunday 00:00) local time, as the ISO instants the calendar call takes. */
export function weekWindow(weekStart: Date) {
  return { from: weekStart.toISOString(), to: addWeeks(weekStart, 1).toISOString() };
}

/** The seven local days of the week, Sunday first. */
export const weekDays = (weekStart: Date) => Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));

/** 'Nov 22 – 28, 2026', 'Nov 29 – Dec 5, 2026', 'Dec 27, 2026 – Jan 2, 2027' */
export function weekRangeText(weekStart: Date) {
  const end = addDays(weekStart, 6);
  if (!isSameYear(weekStart, end)) return `${format(weekStart, 'MMM d, yyyy')} – ${format(end, 'MMM d, yyyy')}`;
  if (!isSameMonth(weekStart, end)) return `${format(weekStart, 'MMM d')} – ${format(end, 'MMM d, yyyy')}`;
  return `${format(weekStart, 'MMM d')} – ${format(end, 'd, yyyy')}`;
}

/** Each day's sessions, sorted by start time (the server sorts too; a day column must not depend on it). */
export function sessionsByDay(sessions: readonly SessionAnswer[], days: readonly Date[]) {
  const sorted = [...sessions].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  return days.map((day) => ({ day, sessions: sorted.filter((s) => isSameDay(new Date(s.startTime), day)) }));
}
