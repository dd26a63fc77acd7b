import ical from 'node-ical';
import { describe, expect, it } from 'vitest';
import { occurrencesOf, patternOf } from './expand';
import { seriesToIcs, type SeriesIcs } from './series-ics';
import { wallClockOf } from './zone-time';

const BERLIN = 'Europe/Berlin';
// every Monday at 07:00 in Berlin, 2027-03-01 to 2027-11-29: across both changes of daylight saving time
const pattern = patternOf(
  { frequency: 'weekly', interval: 1, weekdays: ['MO'], ends: { type: 'on', date: '2027-11-29' } },
  '2027-03-01T07:00',
  BERLIN,
)!;
const series: SeriesIcs = {
  id: '5e515e55-0000-4000-8000-000000000001',
  name: 'Morning flow',
  description: 'Bring a mat; wear layers, please',
  meetingUrl: 'https://meet.example.com/flow',
  facilitatorName: 'Anna Weber',
  ...pattern,
  durationMinutes: 60,
  // 2027-04-05 is cancelled
  cancelledDates: ['2027-04-05'],
  // 2027-06-07 was moved to 09:30 and renamed
  overrides: [
    {
      date: '2027-06-07',
      name: 'Morning flow (late start)',
      description: 'Later this once',
      meetingUrl: 'https://meet.example.com/flow',
      startTime: '2027-06-07T07:30:00Z',
      endTime: '2027-06-07T08:30:00Z',
      sequence: 1,
    },
  ],
};

/** The instances another iCalendar implementation (node-ical) reads from the file. */
function instancesOf(ics: string) {
  const parsed = ical.sync.parseICS(ics);
  const master = Object.values(parsed).find((c) => c?.type === 'VEVENT' && 'rrule' in c && c.rrule);
  if (master?.type !== 'VEVENT') throw new Error('no recurring event');
  return ical.expandRecurringEvent(master, {
    from: new Date('2027-01-01T00:00:00Z'),
    to: new Date('2028-01-01T00:00:00Z'),
  });
}

describe('seriesToIcs, read back by node-ical', () => {
  const ics = seriesToIcs(series, { now: new Date('2027-02-01T10:00:00Z'), origin: 'https://tend.example' });
  const instances = instancesOf(ics);

  it('writes one event with a zoned start, an RRULE with a UTC UNTIL, an EXDATE and a RECURRENCE-ID', () => {
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('DTSTART;TZID=Europe/Berlin:20270301T070000');
    expect(unfolded).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20271129T225959Z');
    expect(unfolded).toContain('EXDATE;TZID=Europe/Berlin:20270405T070000');
    expect(unfolded).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20270607T070000');
    expect(unfolded).toContain('BEGIN:VTIMEZONE');
    expect(unfolded.match(/UID:series-5e515e55-0000-4000-8000-000000000001@tend.example/g)).toHaveLength(2);
  });

  it('expands to the same sessions as the series, less the cancelled one, with the moved one moved', () => {
    const expected = occurrencesOf(pattern).filter((o) => o.date !== '2027-04-05');
    expect(instances).toHaveLength(expected.length);
    const starts = instances.map((i) => new Date(i.start).toISOString());
    expect(starts).not.toContain('2027-04-05T05:00:00.000Z');
    expect(starts).toContain('2027-06-07T07:30:00.000Z');
    const moved = instances.find((i) => new Date(i.start).toISOString() === '2027-06-07T07:30:00.000Z')!;
    expect(moved.isOverride).toBe(true);
    expect(moved.summary).toBe('Morning flow (late start)');
  });

  it('keeps 07:00 in Berlin on both sides of the March and October changes', () => {
    const others = instances.filter((i) => !i.isOverride);
    expect(others.every((i) => wallClockOf(new Date(i.start), BERLIN).endsWith('T07:00'))).toBe(true);
    const starts = instances.map((i) => new Date(i.start).toISOString());
    expect(starts).toContain('2027-03-22T06:00:00.000Z');
    expect(starts).toContain('2027-03-29T05:00:00.000Z');
    expect(starts).toContain('2027-10-25T05:00:00.000Z');
    expect(starts).toContain('2027-11-01T06:00:00.000Z');
  });
});
