import { describe, expect, it } from 'vitest';
import { normaliseCode, safeRedirectPath } from './schemas';

describe('safeRedirectPath (rd is honoured only as a same-site path)', () => {
  it.each(['/', '/feed', '/group/42?tab=about', '/profile#plans'])('keeps %s', (rd) => {
    expect(safeRedirectPath(rd)).toBe(rd);
  });
  it.each([
    'https://evil.example/phish',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'feed',
    '',
    '/\nSet-Cookie:x',
    undefined,
    42,
  ])('refuses %s', (rd) => {
    expect(safeRedirectPath(rd)).toBeUndefined();
  });
});

describe('normaliseCode', () => {
  it('strips hyphens, dots and spaces and upper-cases', () => {
    expect(normaliseCode('ab-c.d ')).toBe('ABCD');
  });
});
