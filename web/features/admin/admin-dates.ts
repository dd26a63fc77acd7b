import { format, isValid, parseISO } from 'date-fns';

/** spec 01 §9 en-GB style, day first: '23 Nov 2026, 14:05'. */
export function formatAdminDate(iso: string) {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'd MMM yyyy, HH:mm') : iso;
}

/** For CSV files: '2026-11-23 14:05', which spreadsheets read as a date and sort correctly. */
export function csvDate(iso: string) {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'yyyy-MM-dd HH:mm') : iso;
}
