import { describe, expect, it } from 'vitest';
import { sameSiteReturnPath } from './return-path';

const ORIGIN = 'https://tend.example';

describe('sameSiteReturnPath', () => {
  it.each([
    ['/subscriptions', '/subscriptions'],
    ['/settings?tab=payouts#bank', '/settings?tab=payouts#bank'],
    [`${ORIGIN}/subscriptions`, '/subscriptions'],
    [`${ORIGIN}/subscription/abc/cancelled?x=1`, '/subscription/abc/cancelled?x=1'],
  ])('keeps %s as %s', (value, path) => {
    expect(sameSiteReturnPath(value, ORIGIN)).toBe(path);
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/subscriptions'],
    ['http://tend.example/subscriptions'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['subscriptions'],
  ])('refuses %s', (value) => {
    expect(sameSiteReturnPath(value, ORIGIN)).toBeUndefined();
  });
});
