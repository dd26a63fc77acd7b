import { format, isValid, parseISO } from 'date-fns';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * What a date (yyyy-MM-dd) or datetime-local (yyyy-MM-ddTHH:mm) input shows for a stored value:
 * server timestamps are ISO strings in UTC, shown in the browser's time zone.
 */
export function toDateInputValue(value: string | Date | null | undefined, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && (withTime ? LOCAL_DATE_TIME : DATE_ONLY).test(value)) return value;
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(date)) return '';
  return format(date, withTime ? "yyyy-MM-dd'T'HH:mm" : 'yyyy-MM-dd');
}

/** What the form stores: the calendar day as typed, or the instant as an ISO timestamp. */
export function fromDateInputValue(raw: string, withTime: boolean): string | null {
  if (raw === '') return null;
  if (!withTime) return raw;
  const date = new Date(raw);
  return isValid(date) ? date.toISOString() : null;
}
