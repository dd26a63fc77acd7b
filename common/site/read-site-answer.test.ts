import { describe, expect, it } from 'vitest';
import { readSiteAnswer } from './read-site-answer';
import { SiteAnswer } from './site-answer';

describe('readSiteAnswer (every page, without zod) reads what SiteAnswer reads', () => {
  const brand = { siteName: 'Tend', logoUrl: '', accentColor: '#0f766e' };
  it.each([
    brand,
    { ...brand, extra: 'dropped' },
    { ...brand, logoUrl: undefined },
    { ...brand, accentColor: 7 },
    { siteName: 'Tend' },
    [],
    null,
    'Tend',
  ])('%j', (answer) => {
    const parsed = SiteAnswer.safeParse(answer);
    expect(readSiteAnswer(answer)).toEqual(parsed.success ? parsed.data : undefined);
  });
});
