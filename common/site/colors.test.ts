import { describe, expect, it } from 'vitest';
import { accentShades, contrastRatio, readableOnWhite } from './colors';

describe('accent colour rules', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#15803d', '#ffffff')).toBeCloseTo(5.02, 2);
    expect(contrastRatio('#ffffff', '#15803d')).toBe(contrastRatio('#15803d', '#ffffff'));
  });

  it('accepts an accent only when white text on it reaches 4.5:1', () => {
    expect(readableOnWhite('#15803d')).toBe(true);
    expect(readableOnWhite('#1d4ed8')).toBe(true);
    expect(readableOnWhite('#767676')).toBe(true); // 4.54:1, the lightest grey that passes
    expect(readableOnWhite('#777777')).toBe(false);
    expect(readableOnWhite('#16a34a')).toBe(false);
    expect(readableOnWhite('#facc15')).toBe(false);
  });

  it('derives shades where the accent is 700 and the darker ones read better still on white', () => {
    const shades = accentShades('#1D4ED8');
    expect(shades['700']).toBe('#1d4ed8');
    for (const dark of ['800', '900'] as const)
      expect(contrastRatio(shades[dark], '#ffffff')).toBeGreaterThan(contrastRatio(shades['700'], '#ffffff'));
    // tints stay pale enough for the accent's text on them to remain readable
    expect(contrastRatio(shades['800'], shades['50'])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shades['800'], shades['100'])).toBeGreaterThanOrEqual(4.5);
    expect(Object.values(shades).every((c) => /^#[0-9a-f]{6}$/.test(c))).toBe(true);
  });
});
