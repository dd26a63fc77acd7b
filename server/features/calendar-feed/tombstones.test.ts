import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTombstones } from '../../db/schema';
import { deleteOldSessionTombstones } from '../../platform/jobs/cleanups';
import { buildFacilitator } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { cancelSession, hoursAhead, offerSession } from '../sessions/test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY_HOURS = 24;

describe(`records of deleted sessions (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('are written by the delete, with one more SEQUENCE, and cleaned up once 30 days past their start', async () => {
    const maya = await buildFacilitator(t.db);
    const recent = await offerSession(t, maya.token, hoursAhead(-29 * DAY_HOURS), { name: 'Recent' });
    const old = await offerSession(t, maya.token, hoursAhead(-31 * DAY_HOURS), { name: 'Old' });
    await cancelSession(t, maya.token, recent._id);
    await cancelSession(t, maya.token, old._id);
    const written = await t.db.select().from(sessionTombstones);
    expect(written.map((r) => [r.name, r.sequence, r.facilitatorId, r.memberIds]).sort()).toEqual([
      ['Old', 1, maya.user.id, []],
      ['Recent', 1, maya.user.id, []],
    ]);

    expect(await deleteOldSessionTombstones(t.db)).toEqual({ sessionTombstones: 1 });
    expect((await t.db.select().from(sessionTombstones)).map((r) => r.name)).toEqual(['Recent']);
  });
});
