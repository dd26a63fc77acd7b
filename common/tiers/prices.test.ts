import { describe, expect, it } from 'vitest';
import { presentPrices, savingPercent } from './prices';

describe('the saving of a longer interval', () => {
  it('compares what each price costs a month, in whole percent rounded down', () => {
    // $10 a month against $84 a year: $7 a month, 30% less
    expect(savingPercent({ interval: 'year', cents: 8400 }, { interval: 'month', cents: 1000 })).toBe(30);
    // $100 a year against $10 a month: 16.67% less, shown as 16
    expect(savingPercent({ interval: 'year', cents: 10000 }, { interval: 'month', cents: 1000 })).toBe(16);
    // $30 a month against $8 a week (52 weeks a year): 13.46% less
    expect(savingPercent({ interval: 'month', cents: 3000 }, { interval: 'week', cents: 800 })).toBe(13);
  });

  it('is null for a shorter interval, the same one, or a longer one that saves nothing', () => {
    expect(savingPercent({ interval: 'month', cents: 500 }, { interval: 'year', cents: 8400 })).toBeNull();
    expect(savingPercent({ interval: 'month', cents: 500 }, { interval: 'month', cents: 1000 })).toBeNull();
    expect(savingPercent({ interval: 'year', cents: 12000 }, { interval: 'month', cents: 1000 })).toBeNull();
    expect(savingPercent({ interval: 'year', cents: 100 }, { interval: 'month', cents: 0 })).toBeNull();
  });

  it('presents prices shorter first in dollars, the saving on the non-default ones only', () => {
    expect(
      presentPrices([
        { id: 'y', interval: 'year', amountCents: 8400, isDefault: false },
        { id: 'm', interval: 'month', amountCents: 1000, isDefault: true },
      ]),
    ).toEqual([
      { id: 'm', interval: 'month', price: 10, default: true, savingPercent: null },
      { id: 'y', interval: 'year', price: 84, default: false, savingPercent: 30 },
    ]);
  });
});
