import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { images, mediaFiles, posts, users } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { multipart, pngImage, wavTone } from '../../test/media';
import { deleteOrphanedUploads } from './orphans';

/**
 * Uploads nothing points at are removed after a grace period; referenced ones stay, whatever the
 * format of the reference.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function uploadImage(token: string) {
  const auth = (await call(t.app, 'GET', '/api/image-upload-auth', undefined, token)).json();
  const { publicKey } = (await call(t.app, 'GET', '/api/image-config')).json();
  const body = await multipart(
    { fileName: 'a.png', publicKey, signature: auth.signature, expire: String(auth.expire), token: auth.token },
    { name: 'a.png', bytes: await pngImage(40, 30), type: 'image/png' },
  );
  return (await t.app.inject({ method: 'POST', url: '/api/images/upload', ...body }))
    .json()
    .filePath.slice(1) as string;
}
async function uploadMedia(token: string) {
  const body = await multipart({}, { name: 'a.wav', bytes: wavTone(1) });
  return (
    await t.app.inject({
      method: 'POST',
      url: '/api/app/upload',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    })
  ).json().url as string;
}
const age = (days: number) => sql`now() - make_interval(days => ${days})`;
const onDisk = (key: string) => existsSync(join(t.app.ctx.config.storageDir, key));

describe('the orphaned-upload clean-up', () => {
  it('removes old unreferenced images and media (bytes and rows), keeps referenced and recent ones', async () => {
    const { user, token } = await buildUser(t.db);
    const [avatar, postPhoto, orphan, fresh] = [
      await uploadImage(token),
      await uploadImage(token),
      await uploadImage(token),
      await uploadImage(token),
    ];
    const [postMedia, orphanMedia] = [await uploadMedia(token), await uploadMedia(token)];
    // references in the formats the app writes: a path with a slash, a photos array, a media key
    await t.db
      .update(users)
      .set({ profilePicture: `/${avatar}` })
      .where(eq(users.id, user.id));
    await t.db
      .insert(posts)
      .values({ userId: user.id, text: 'walk', photos: [postPhoto], media: postMedia, mediaType: 'audio' });
    await t.db
      .update(images)
      .set({ createdAt: age(8) })
      .where(sql`${images.path} in (${avatar}, ${postPhoto}, ${orphan})`);
    await t.db.update(mediaFiles).set({ createdAt: age(8) });

    expect(await deleteOrphanedUploads(t.db, t.app.ctx.storage)).toEqual({ images: 1, media: 1 });
    expect(onDisk(`images/${orphan}`)).toBe(false);
    expect(onDisk(`media/${orphanMedia}`)).toBe(false);
    for (const kept of [avatar, postPhoto, fresh]) expect(onDisk(`images/${kept}`)).toBe(true);
    expect(onDisk(`media/${postMedia}`)).toBe(true);
    expect((await t.db.select().from(images).where(eq(images.ownerId, user.id))).map((i) => i.path).sort()).toEqual(
      [avatar, postPhoto, fresh].sort(),
    );
    // a second run finds nothing more
    expect(await deleteOrphanedUploads(t.db, t.app.ctx.storage)).toEqual({ images: 0, media: 0 });
  });
});
