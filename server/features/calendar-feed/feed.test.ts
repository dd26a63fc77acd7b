import ICAL from 'ical.js';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionToIcs } from '../../../common/sessions/ics';
import { buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { bookFree, cancelSession, hoursAhead, invitationIn, offerSession, sessionBody } from '../sessions/test/helpers';
import { issueFeed, readFeed } from './test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY_HOURS = 24;
type People = Record<'maya' | 'sam' | 'lee', Awaited<ReturnType<typeof buildUser>>>;
type Offered = Record<'booked' | 'moved' | 'cancelled' | 'open' | 'longAgo' | 'lees', { _id: string }>;

/** node-ical's reading of a feed: its VEVENTs by UID. */
function nodeIcalEvents(ics: string) {
  return Object.values(ical.sync.parseICS(ics)).filter((c) => c?.type === 'VEVENT') as ical.VEvent[];
}
const byName = (events: ical.VEvent[], name: string) => events.find((e) => String(e.summary) === name);

/** ical.js's reading of the same feed. */
function icalJsRead(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        sequence: event.sequence,
        status: vevent.getFirstPropertyValue('status'),
      };
    }),
  };
}

let people: People;
let offered: Offered;
let movedTo: Date;
beforeAll(async () => {
  people = {
    maya: await buildFacilitator(t.db, { name: 'Maya Rivers' }),
    sam: await buildUser(t.db, { name: 'Sam Lee' }),
    lee: await buildUser(t.db, { name: 'Lee Park' }),
  };
  const { maya, sam, lee } = people;
  const offer = (name: string, hours: number) => offerSession(t, maya.token, hoursAhead(hours), { name });
  offered = {
    booked: await offer('Booked', DAY_HOURS),
    moved: await offer('Moved', 3 * DAY_HOURS),
    cancelled: await offer('Cancelled', 5 * DAY_HOURS),
    open: await offer('Open', 6 * DAY_HOURS),
    longAgo: await offer('Long ago', -40 * DAY_HOURS),
    lees: await offer("Lee's", 7 * DAY_HOURS),
  };
  for (const session of [offered.booked, offered.moved, offered.cancelled]) await bookFree(t, sam.token, session._id);
  await bookFree(t, lee.token, offered.lees._id);
  movedTo = hoursAhead(4 * DAY_HOURS);
  const move = await call(
    t.app,
    'POST',
    `/api/app/facilitator/sessions/${offered.moved._id}`,
    sessionBody(movedTo, { name: 'Moved' }),
    maya.token,
  );
  expect(move.statusCode).toBe(200);
  await cancelSession(t, maya.token, offered.cancelled._id);
});

describe(`a member's feed, read by two iCalendar implementations (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('node-ical reads my booked, moved and cancelled sessions with their SEQUENCE and STATUS, and nothing else', async () => {
    const feed = await issueFeed(t, people.sam.token);
    const res = await readFeed(t, feed.url);
    expect(res.statusCode).toBe(200);
    const events = nodeIcalEvents(res.body);
    expect(events.map((e) => String(e.summary)).sort()).toEqual(['Booked', 'Cancelled', 'Moved']);

    const booked = byName(events, 'Booked')!;
    expect(booked.status).toBe('CONFIRMED');
    expect(Number(booked.sequence)).toBe(0);
    expect(String(booked.location)).toBe('https://meet.example.com/abc');
    expect(String(booked.description)).toContain('With Maya Rivers');

    const moved = byName(events, 'Moved')!;
    expect(Number(moved.sequence)).toBe(1);
    expect(moved.start.getTime()).toBe(movedTo.getTime());
    expect(moved.status).toBe('CONFIRMED');

    const cancelled = byName(events, 'Cancelled')!;
    expect(cancelled.status).toBe('CANCELLED');
    // one more than the invitations', as the mailed cancellation carries
    expect(Number(cancelled.sequence)).toBe(1);
    expect(cancelled.location).toBeUndefined();
  });

  it('ical.js reads the same events, the calendar named after the site and refreshed hourly', async () => {
    const feed = await issueFeed(t, people.sam.token);
    const res = await readFeed(t, feed.url);
    const { calendar, events } = icalJsRead(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Tend sessions');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H');
    expect(events.map((e) => [e.summary, e.sequence, e.status]).sort()).toEqual([
      ['Booked', 0, 'CONFIRMED'],
      ['Cancelled', 1, 'CANCELLED'],
      ['Moved', 1, 'CONFIRMED'],
    ]);
    const nodeUids = nodeIcalEvents(res.body)
      .map((e) => e.uid)
      .sort();
    expect(events.map((e) => e.uid).sort()).toEqual(nodeUids);
  });

  it('gives each event the UID of the session’s mailed invitation and of its .ics download', async () => {
    const feed = await issueFeed(t, people.sam.token);
    const events = nodeIcalEvents((await readFeed(t, feed.url)).body);
    const mail = await t.mailbox.latest(people.sam.user.email, /^Booked: Booked/);
    const session = (
      await call(t.app, 'GET', `/api/app/session/${offered.booked._id}`, undefined, people.sam.token)
    ).json();
    const download = sessionToIcs(session, { now: new Date(), origin: t.config.publicUrl });
    const downloadUid = /^UID:(.+)$/m.exec(download)![1]!.trim();
    expect(byName(events, 'Booked')!.uid).toBe(invitationIn(mail).uid);
    expect(byName(events, 'Booked')!.uid).toBe(downloadUid);
  });

  it("never lists another member's sessions: Lee's feed holds Lee's booking only", async () => {
    const lees = await issueFeed(t, people.lee.token);
    const events = nodeIcalEvents((await readFeed(t, lees.url)).body);
    expect(events.map((e) => String(e.summary))).toEqual(["Lee's"]);
  });
});

describe(`a facilitator's feed (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('lists the sessions I offer, with who booked each and the meeting link, and the cancelled one', async () => {
    const feed = await issueFeed(t, people.maya.token);
    const events = nodeIcalEvents((await readFeed(t, feed.url)).body);
    expect(events.map((e) => String(e.summary))).toEqual(['Booked', 'Moved', 'Cancelled', 'Open', "Lee's"]);
    expect(String(byName(events, 'Booked')!.description)).toContain('Booked by Sam Lee');
    expect(String(byName(events, "Lee's")!.description)).toContain('Booked by Lee Park');
    expect(String(byName(events, 'Open')!.description)).toContain('Not booked yet');
    expect(String(byName(events, 'Open')!.location)).toBe('https://meet.example.com/abc');
    expect(byName(events, 'Cancelled')!.status).toBe('CANCELLED');
  });
});

describe(`the feed over HTTP (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('is private text/calendar with an entity tag; the same tag is answered 304 until something changes', async () => {
    const feed = await issueFeed(t, people.sam.token);
    const first = await readFeed(t, feed.url);
    expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(String(first.headers['cache-control'])).toMatch(/^private\b/);
    expect(first.headers['last-modified']).toBeTruthy();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await readFeed(t, feed.url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const later = await offerSession(t, people.maya.token, hoursAhead(8 * DAY_HOURS), { name: 'Later' });
    await bookFree(t, people.sam.token, later._id);
    const changed = await readFeed(t, feed.url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(nodeIcalEvents(changed.body).map((e) => String(e.summary))).toContain('Later');
  });
});
