import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { content, contentImportItems, tiers } from '../../db/schema';
import { buildContent, buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { multipart, wavTone } from '../../test/media';
import { waitFor } from '../../platform/jobs/test/wait-for';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ uploadQuotaMb: 1 });
});
afterAll(() => t?.close());

/** A ZIP of `files`; a name starting `..` is written as given (yazl itself refuses such a name). */
async function zipOf(files: Record<string, Buffer | string>) {
  const zip = new yazl.ZipFile();
  const swaps: [string, string][] = [];
  for (const [name, body] of Object.entries(files)) {
    const safeName = name.startsWith('../') ? `xx${name.slice(2)}` : name;
    if (safeName !== name) swaps.push([safeName, name]);
    zip.addBuffer(Buffer.isBuffer(body) ? body : Buffer.from(body), safeName);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  let bytes = Buffer.concat(chunks);
  for (const [from, to] of swaps) bytes = Buffer.from(bytes.toString('latin1').split(from).join(to), 'latin1');
  return bytes;
}

async function sendZip(token: string, tierId: string, bytes: Buffer) {
  const body = await multipart({}, { name: 'course.zip', bytes, type: 'application/zip' });
  return t.app.inject({
    method: 'POST',
    url: `/api/app/content-imports/zip?tierId=${tierId}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

const finished = (importId: string) =>
  waitFor(
    'the import to finish',
    async () => {
      const items = await t.db.select().from(contentImportItems).where(eq(contentImportItems.importId, importId));
      return items.every((i) => i.state !== 'pending') ? items : undefined;
    },
    30_000,
  );

describe('importing a ZIP of files with a CSV of titles and days', () => {
  it('places files at the CSV’s days, titles the rest from their names, and reports unsafe and non-media entries', async () => {
    const maya = await buildFacilitator(t.db, { isAdmin: false });
    const tier = await buildTier(t.db, maya.user.id);
    const a = await buildContent(t.db, maya.user.id, [tier.id], { title: 'Existing 1' });
    const b = await buildContent(t.db, maya.user.id, [tier.id], { title: 'Existing 2' });
    await t.db
      .update(tiers)
      .set({ contentQueue: [a.id, b.id] })
      .where(eq(tiers.id, tier.id));
    const tone = (hz: number) => wavTone(0.2, hz);
    const bytes = await zipOf({
      'titles.csv': 'file,title,day,description\nweek1/intro.wav,Arriving,1,Start here\nweek1/body.wav,Body scan,4,\n',
      'week1/intro.wav': tone(300),
      'week1/body.wav': tone(320),
      'week2/evening_wind-down.wav': tone(340),
      'notes.txt': 'not a recording',
      '../escape.wav': tone(360),
    });
    const res = await sendZip(maya.token, tier.id, bytes);
    expect(res.statusCode).toBe(200);
    const items = await finished(res.json()._id);
    const byTitle = Object.fromEntries(items.map((i) => [i.title, i]));
    expect(byTitle.Arriving).toMatchObject({ state: 'done', day: 1 });
    expect(byTitle['Body scan']).toMatchObject({ state: 'done', day: 4 });
    expect(byTitle['evening wind down']).toMatchObject({ state: 'done' });
    expect(byTitle.notes).toMatchObject({ state: 'failed', reason: 'unsupported_media' });
    expect(byTitle.escape).toMatchObject({ state: 'failed', reason: 'unsafe_path' });

    const [queued] = await t.db.select({ queue: tiers.contentQueue }).from(tiers).where(eq(tiers.id, tier.id));
    const rows = await t.db.select().from(content).where(eq(content.userId, maya.user.id));
    const titleOf = new Map(rows.map((r) => [r.id, r.title]));
    expect(queued!.queue.map((id) => titleOf.get(id))).toEqual([
      'Arriving',
      'Existing 1',
      'Existing 2',
      'Body scan',
      'evening wind down',
    ]);
    expect(rows.find((r) => r.title === 'Arriving')!.description).toBe('Start here');

    // the answer carries each failure's reason as text; retrying leaves an unsafe path refused
    const progress = await t.app.inject({
      method: 'POST',
      url: `/api/app/content-imports/${res.json()._id}/retry`,
      headers: { authorization: `Bearer ${maya.token}` },
      payload: {},
    });
    expect(progress.statusCode).toBe(200);
    const again = await finished(res.json()._id);
    expect(
      again
        .filter((i) => i.state === 'failed')
        .map((i) => i.reason)
        .sort(),
    ).toEqual(['unsafe_path', 'unsupported_media']);
    expect(progress.json().items.find((i: { title: string }) => i.title === 'escape').reasonText).toMatch(
      /leaves its folder/,
    );
  });

  it('stops at the upload quota: the files past it fail with upload_quota_full, the others are imported', async () => {
    const maya = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, maya.user.id);
    // 1 MB of quota; each file about 0.64 MB
    const bytes = await zipOf({ 'one.wav': wavTone(40, 300), 'two.wav': wavTone(40, 320) });
    const res = await sendZip(maya.token, tier.id, bytes);
    expect(res.statusCode).toBe(200);
    const items = await finished(res.json()._id);
    expect(items.map((i) => [i.title, i.state, i.reason])).toEqual([
      ['one', 'done', null],
      ['two', 'failed', 'upload_quota_full'],
    ]);
  });

  it('refuses a member, and a file that is not a ZIP', async () => {
    const member = await buildUser(t.db);
    const maya = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, maya.user.id);
    expect((await sendZip(member.token, tier.id, Buffer.from('x'))).statusCode).toBe(403);
    const bad = await sendZip(maya.token, tier.id, Buffer.from('not a zip at all'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('zip_unreadable');
  });
});
