import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENTS_PAGE_SIZE } from '../../../common/posts/schemas';
import { comments } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { countQueries } from '../../test/query-count';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Comment = { _id: string; text: string; parent: string | null };

/**
 * A post with `tops` top-level comments a minute apart ('c0' oldest) and one reply to each of
 * `repliesTo` (written after every top-level comment), inserted in two statements.
 */
async function postWithComments(tops: number, repliesTo: number[]) {
  const author = await buildUser(t.db);
  const reader = await buildUser(t.db);
  const post = (await call(t.app, 'POST', '/api/app/post', { text: 'a busy post' }, author.token)).json();
  const start = Date.UTC(2026, 0, 1);
  const inserted = await t.db
    .insert(comments)
    .values(
      Array.from({ length: tops }, (_, i) => ({
        postId: post._id,
        userId: reader.user.id,
        text: `c${i}`,
        createdAt: new Date(start + i * 60_000),
      })),
    )
    .returning({ id: comments.id, text: comments.text });
  const byText = new Map(inserted.map((c) => [c.text, c.id]));
  if (repliesTo.length) {
    await t.db.insert(comments).values(
      repliesTo.map((i, n) => ({
        postId: post._id,
        userId: author.user.id,
        parentId: byText.get(`c${i}`)!,
        text: `reply to c${i}`,
        createdAt: new Date(start + (tops + n) * 60_000),
      })),
    );
  }
  return { post, author, reader };
}

const viewPost = (id: string, token?: string) => call(t.app, 'GET', `/api/app/view-post/${id}`, undefined, token);
const earlier = (id: string, cursor: string, token?: string) =>
  call(t.app, 'GET', `/api/app/post/${id}/comments?cursor=${encodeURIComponent(cursor)}`, undefined, token);

describe('a post with many comments answers a page at a time', () => {
  it('opens on the newest 50 top-level comments, oldest first, each with its replies', async () => {
    const { post, reader } = await postWithComments(120, [119, 100, 69]);
    const opened = (await viewPost(post._id, reader.token)).json();
    const texts = opened.comments.map((c: Comment) => c.text);
    expect(texts.filter((text: string) => !text.startsWith('reply'))).toEqual(
      Array.from({ length: COMMENTS_PAGE_SIZE }, (_, i) => `c${70 + i}`),
    );
    // replies keep their parent's page and come after it; a reply to an earlier page waits for it
    expect(texts.filter((text: string) => text.startsWith('reply'))).toEqual(['reply to c119', 'reply to c100']);
    expect(opened.earlierComments).toEqual(expect.any(String));
  });

  it('pages back to the first comment, each comment and reply exactly once, then says there are no more', async () => {
    const { post, reader } = await postWithComments(120, [5, 69, 70, 119]);
    const pages: Comment[][] = [];
    let answer = (await viewPost(post._id, reader.token)).json();
    pages.push(answer.comments);
    while (answer.earlierComments) {
      const res = await earlier(post._id, answer.earlierComments, reader.token);
      expect(res.statusCode).toBe(200);
      answer = res.json();
      pages.push(answer.comments);
    }
    expect(pages.map((page) => page.filter((c) => !c.parent).length)).toEqual([50, 50, 20]);
    const all = pages.reverse().flat();
    expect(all.filter((c) => !c.parent).map((c) => c.text)).toEqual(Array.from({ length: 120 }, (_, i) => `c${i}`));
    expect(new Set(all.map((c) => c._id)).size).toBe(124);
    const parentOf = new Map(all.map((c) => [c._id, c.text]));
    for (const reply of all.filter((c) => c.parent)) expect(reply.text).toBe(`reply to ${parentOf.get(reply.parent!)}`);
  });

  it('answers a quiet post whole, with no earlier page', async () => {
    const { post, reader } = await postWithComments(3, [0]);
    const opened = (await viewPost(post._id, reader.token)).json();
    expect(opened.comments.map((c: Comment) => c.text)).toEqual(['c0', 'c1', 'c2', 'reply to c0']);
    expect(opened.earlierComments).toBeNull();
  });

  it('reads a page in the same few statements whatever its size', async () => {
    const small = await postWithComments(2, [0]);
    const busy = await postWithComments(120, [80, 90, 100, 110]);
    const statements = async ({ post, reader }: typeof small) =>
      countQueries(t.database, () => viewPost(post._id, reader.token));
    expect(await statements(busy)).toBe(await statements(small));
  });

  it('refuses a visitor, a forged cursor and a post the reader may not see', async () => {
    const { post, reader } = await postWithComments(60, []);
    const cursor = (await viewPost(post._id, reader.token)).json().earlierComments;
    expect((await earlier(post._id, cursor)).statusCode).toBe(401);
    const forged = await earlier(post._id, 'bm90IGEgY3Vyc29y', reader.token);
    expect([forged.statusCode, forged.json().error]).toEqual([400, 'invalid_cursor']);
    const missing = await earlier(crypto.randomUUID(), cursor, reader.token);
    expect(missing.statusCode).toBe(404);
    const noCursor = await call(t.app, 'GET', `/api/app/post/${post._id}/comments`, undefined, reader.token);
    expect([noCursor.statusCode, noCursor.json().error]).toEqual([400, 'invalid_input']);
  });
});
