import { describe, expect, it } from 'vitest';
import { addUnits, creditAnchor, periodAt } from './credit-period';

const d = (iso: string) => new Date(iso);

describe('credit periods', () => {
  it('counts calendar months from a free subscription’s start day', () => {
    const { anchor, unit } = creditAnchor(
      { startDate: '2027-01-15', currentPeriodEnd: null, provider: 'free' },
      {
        type: 'subscription',
        billingInterval: 'month',
      },
    );
    expect(periodAt(anchor, unit, d('2027-03-20T10:00:00Z'))).toEqual({
      start: d('2027-03-15T00:00:00Z'),
      end: d('2027-04-15T00:00:00Z'),
    });
    expect(periodAt(anchor, unit, d('2027-03-14T23:59:59Z')).start).toEqual(d('2027-02-15T00:00:00Z'));
  });

  it('counts a paid subscription’s periods in the interval of the price it is on, not the plan’s default', () => {
    const end = d('2027-05-10T12:00:00Z');
    const { unit } = creditAnchor(
      { startDate: '2027-01-10', currentPeriodEnd: end, provider: 'test', billingInterval: 'year' },
      { type: 'subscription', billingInterval: 'month' },
    );
    expect(unit).toBe('year');
  });

  it('reads a paid subscription’s periods back and forth from its current period end', () => {
    const end = d('2027-05-10T12:00:00Z');
    const { anchor, unit } = creditAnchor(
      { startDate: '2027-01-10', currentPeriodEnd: end, provider: 'test' },
      {
        type: 'subscription',
        billingInterval: 'week',
      },
    );
    expect(periodAt(anchor, unit, d('2027-05-05T00:00:00Z'))).toEqual({ start: d('2027-05-03T12:00:00Z'), end });
    // a renewal the provider has not reported yet: the next period all the same
    expect(periodAt(anchor, unit, d('2027-05-11T00:00:00Z')).start).toEqual(end);
  });

  it('clamps a month end', () => {
    expect(addUnits(d('2027-01-31T00:00:00Z'), 1, 'month')).toEqual(d('2027-02-28T00:00:00Z'));
    expect(addUnits(d('2027-01-31T00:00:00Z'), -2, 'month')).toEqual(d('2026-11-30T00:00:00Z'));
    expect(periodAt(d('2026-06-01T00:00:00Z'), 'year', d('2027-07-01T00:00:00Z')).start).toEqual(
      d('2027-06-01T00:00:00Z'),
    );
  });
});
