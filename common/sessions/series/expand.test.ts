import { describe, expect, it } from 'vitest';
import { occurrencesOf, patternOf } from './expand';
import { ruleOf, rruleText, type SeriesRule } from './rule';
import { occurrencesText, seriesSummary } from './summary';
import { instantOf, wallClockOf } from './zone-time';

const BERLIN = 'Europe/Berlin';
const weekly = (weekdays: SeriesRule['weekdays'], ends: SeriesRule['ends'], interval = 1): SeriesRule => ({
  frequency: 'weekly',
  interval,
  weekdays,
  ends,
});

describe('wall clocks in a zone', () => {
  it('places 07:00 Berlin at 06:00 UTC in winter and 05:00 UTC in summer', () => {
    expect(instantOf('2027-01-04T07:00', BERLIN).toISOString()).toBe('2027-01-04T06:00:00.000Z');
    expect(instantOf('2027-07-05T07:00', BERLIN).toISOString()).toBe('2027-07-05T05:00:00.000Z');
    expect(wallClockOf(new Date('2027-07-05T05:00:00Z'), BERLIN)).toBe('2027-07-05T07:00');
  });

  it('reads a time skipped by the spring change after the gap, and a repeated autumn time as the first', () => {
    // 2027-03-28: Berlin's clocks go from 02:00 to 03:00
    expect(instantOf('2027-03-28T02:30', BERLIN).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(wallClockOf(instantOf('2027-03-28T02:30', BERLIN), BERLIN)).toBe('2027-03-28T03:30');
    // 2027-10-31: 02:30 happens twice, first at +02:00
    expect(instantOf('2027-10-31T02:30', BERLIN).toISOString()).toBe('2027-10-31T00:30:00.000Z');
  });
});

describe('expanding a series', () => {
  it('keeps a weekly 07:00 Berlin class at 07:00 local across both 2027 changes of daylight saving time', () => {
    const pattern = patternOf(weekly(['MO'], { type: 'on', date: '2027-11-29' }), '2027-03-01T07:00', BERLIN)!;
    const all = occurrencesOf(pattern);
    expect(all).toHaveLength(40);
    expect(all.every((o) => wallClockOf(o.start, BERLIN).endsWith('T07:00'))).toBe(true);
    const at = (date: string) => all.find((o) => o.date === date)!.start.toISOString();
    expect(at('2027-03-22')).toBe('2027-03-22T06:00:00.000Z'); // before the spring change (UTC+1)
    expect(at('2027-03-29')).toBe('2027-03-29T05:00:00.000Z'); // after it (UTC+2)
    expect(at('2027-10-25')).toBe('2027-10-25T05:00:00.000Z'); // before the autumn change
    expect(at('2027-11-01')).toBe('2027-11-01T06:00:00.000Z'); // after it
  });

  it('repeats on chosen weekdays every N weeks, N times, starting on the first day the rule holds', () => {
    // picked on a Tuesday: the first session is the Wednesday after
    const pattern = patternOf(weekly(['MO', 'WE'], { type: 'after', count: 5 }, 2), '2027-01-05T18:30', 'UTC')!;
    expect(pattern.localStart).toBe('2027-01-06T18:30');
    expect(occurrencesOf(pattern).map((o) => o.date)).toEqual([
      '2027-01-06',
      '2027-01-18',
      '2027-01-20',
      '2027-02-01',
      '2027-02-03',
    ]);
    // weeks start on Monday: picked on a Sunday, that Sunday's week is the first of every two
    const fromSunday = patternOf(weekly(['MO'], { type: 'after', count: 2 }, 2), '2027-01-03T18:30', 'UTC')!;
    expect(occurrencesOf(fromSunday).map((o) => o.date)).toEqual(['2027-01-11', '2027-01-25']);
  });

  it('repeats daily and monthly on the start weekday of the month', () => {
    const daily = patternOf(
      { frequency: 'daily', interval: 3, weekdays: [], ends: { type: 'after', count: 3 } },
      '2027-01-30T09:00',
      'UTC',
    )!;
    expect(occurrencesOf(daily).map((o) => o.date)).toEqual(['2027-01-30', '2027-02-02', '2027-02-05']);
    // 2027-01-12 is the 2nd Tuesday of January
    const monthly = patternOf(
      { frequency: 'monthly', interval: 1, weekdays: [], ends: { type: 'after', count: 3 } },
      '2027-01-12T09:00',
      'UTC',
    )!;
    expect(monthly.rrule).toContain('BYDAY=2TU');
    expect(occurrencesOf(monthly).map((o) => o.date)).toEqual(['2027-01-12', '2027-02-09', '2027-03-09']);
    expect(seriesSummary(monthly)).toBe('Monthly on the 2nd Tue · 09:00');
  });

  it('stops one past the cap, so a caller can refuse a series that is too long', () => {
    const pattern = patternOf(
      { frequency: 'daily', interval: 1, weekdays: [], ends: { type: 'on', date: '2029-01-01' } },
      '2027-01-01T09:00',
      'UTC',
    )!;
    expect(occurrencesOf(pattern)).toHaveLength(201);
  });

  it('has no pattern when the rule ends before it begins', () => {
    expect(patternOf(weekly(['MO'], { type: 'on', date: '2027-01-01' }), '2027-01-05T09:00', 'UTC')).toBeUndefined();
  });
});

describe('rules as RRULE text and words', () => {
  it('writes and reads back a weekly rule with a floating UNTIL at the end of its last day', () => {
    const rule = weekly(['WE', 'MO'], { type: 'on', date: '2027-03-23' });
    const text = rruleText(rule, '2027-01-04T07:00');
    expect(text).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;WKST=MO;UNTIL=20270323T235959');
    expect(ruleOf(text)).toEqual({ ...rule, weekdays: ['MO', 'WE'] });
    expect(seriesSummary({ rrule: text, localStart: '2027-01-04T07:00' })).toBe('Weekly on Mon, Wed · 07:00');
  });

  it('says how many sessions and from when to when', () => {
    const pattern = patternOf(weekly(['MO'], { type: 'after', count: 12 }), '2027-01-04T07:00', BERLIN)!;
    expect(occurrencesText(occurrencesOf(pattern))).toBe('12 sessions, Mon 01/04/2027 – Mon 03/22/2027');
  });
});
