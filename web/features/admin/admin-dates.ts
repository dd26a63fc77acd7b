import { format, isValid, parseISO } from 'date-fns';
import { dateTimeText } from '@web/components/dates';

/** A date and time as every screen shows it, through the one date helper: '11/23/2026 14:05'. */
export function formatAdminDate(iso: string) {
  return dateTimeText(iso);
}

/** For CSV files: '2026-11-23 14:05', which spreadsheets read as a date and sort correctly. */
export function csvDate(iso: string) {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'yyyy-MM-dd HH:mm') : iso;
}
