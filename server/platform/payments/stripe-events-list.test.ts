import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONNECT_EVENTS, PLATFORM_EVENTS } from './stripe-events';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The backticked names in the README's list item that starts with `lead`, up to the next item. */
function eventsListed(lead: string): string[] {
  const start = readme.indexOf(lead);
  expect(start, `README.md has no item starting "${lead}"`).toBeGreaterThan(-1);
  const item = readme.slice(start);
  const end = item.search(/\n\d+\. /);
  const text = end > -1 ? item.slice(0, end) : item;
  return [...text.matchAll(/`([a-z_]+(?:\.[a-z_]+)+)`/g)].map((m) => m[1]!);
}

describe('the Stripe events an operator subscribes each endpoint to', () => {
  it('are the events Tend reads, as the README lists them for the account endpoint', () => {
    expect(eventsListed('A webhook endpoint for **your account**').sort()).toEqual([...PLATFORM_EVENTS].sort());
  });
  it('and for the connected accounts endpoint', () => {
    expect(eventsListed('A webhook endpoint for **connected accounts**').sort()).toEqual([...CONNECT_EVENTS].sort());
  });
});
