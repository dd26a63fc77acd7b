import { dateText } from '@web/components/dates';

/** Dates read MM/dd/yyyy; a day (yyyy-MM-dd) stays that calendar day. */
export function displayDay(value: string): string {
  return dateText(value);
}
