import type { KeyboardEvent } from 'react';

/** The percentage field strips commas and dots; it holds whole numbers only. */
export function cleanPercentageInput(raw: string): string {
  return raw.replace(/[.,]/g, '').replace(/\D/g, '');
}

export function percentageValue(raw: string): number | null {
  const digits = cleanPercentageInput(raw);
  return digits === '' ? null : Number(digits);
}

/** Letter keys are blocked; shortcuts (Ctrl/Cmd + key) and named keys still work. */
export function blockLetterKeys(event: KeyboardEvent<HTMLInputElement>) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key.length === 1 && /\p{L}/u.test(event.key)) event.preventDefault();
}
