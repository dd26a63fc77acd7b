import { format, isValid, parseISO } from 'date-fns';

/** spec 02 §9: dates read MM/dd/yyyy; a day (yyyy-MM-dd) stays that calendar day. */
export function displayDay(value: string): string {
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MM/dd/yyyy') : value;
}
