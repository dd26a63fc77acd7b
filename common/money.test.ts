import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatUsd } from './money';

describe('money', () => {
  it('converts dollars and cents without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(centsToDollars(1999)).toBe(19.99);
  });
  it('shows USD with a plain dollar sign', () => {
    expect(formatUsd(12)).toBe('$12');
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(1200)).toBe('$1,200');
  });
});
