import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const result = (token: string | undefined, ref: string, checkout?: string) =>
  call(t.app, 'GET', `/api/app/checkout-result/${ref}${checkout ? `?checkout=${checkout}` : ''}`, undefined, token);

/** Opens the test-mode checkout and pays it; answers the checkout id and the address it returns to. */
async function buy(token: string, start: () => Promise<{ json: () => { url: string } }>) {
  const id = (await start()).json().url.split('/').pop()!;
  const paid = await call(t.app, 'POST', `/api/test-mode/checkout/${id}/pay`, {}, token);
  return { id, returnUrl: paid.json().url as string };
}

describe('GET app/checkout-result/{ref} (the result page after checkout)', () => {
  it('says what was bought for each kind, and whether it is held', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    const plan = await buildTier(t.db, maya.user.id, { name: 'Deep Practice', price: 12 });
    const course = await buildTier(t.db, maya.user.id, { name: 'Ten Days', price: 30, type: 'single' });
    const start = new Date(Date.now() + 48 * 3_600_000);
    const session = (
      await call(
        t.app,
        'POST',
        '/api/app/facilitator/sessions',
        {
          name: 'Deep dive',
          price: 40,
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + 3_600_000).toISOString(),
          meetingUrl: 'https://meet.example.com/a',
        },
        maya.token,
      )
    ).json();
    const sam = await buildUser(t.db);

    expect((await result(sam.token, plan.id)).json()).toMatchObject({
      kind: 'subscription',
      name: 'Deep Practice',
      owned: false,
      checkout: null,
      facilitator: { _id: maya.user.id, name: 'Maya' },
    });
    const p = await buy(sam.token, () =>
      call(t.app, 'GET', `/api/app/subscribe/${plan.id}/create-checkout-session`, undefined, sam.token),
    );
    expect(p.returnUrl).toContain(`/subscription/${plan.id}/success?session_id=${p.id}`);
    expect((await result(sam.token, plan.id, p.id)).json()).toMatchObject({
      kind: 'subscription',
      owned: true,
      checkout: 'complete',
      tierId: plan.id,
    });

    const c = await buy(sam.token, () =>
      call(t.app, 'GET', `/api/app/subscribe/${course.id}/create-checkout-session`, undefined, sam.token),
    );
    expect((await result(sam.token, course.id, c.id)).json()).toMatchObject({
      kind: 'course',
      name: 'Ten Days',
      owned: true,
      tierId: course.id,
    });

    const s = await buy(sam.token, () =>
      call(t.app, 'POST', '/api/app/session/create-checkout-session', { sessionId: session._id }, sam.token),
    );
    expect(s.returnUrl).toContain(`/subscription/${session._id}/success?session_id=${s.id}`);
    expect((await result(sam.token, session._id, s.id)).json()).toMatchObject({
      kind: 'session',
      name: 'Deep dive',
      owned: true,
      sessionId: session._id,
      startTime: start.toISOString(),
    });
    // another member sees the session, but not as theirs, and never Sam's checkout
    const other = await buildUser(t.db);
    expect((await result(other.token, session._id)).json()).toMatchObject({ kind: 'session', owned: false });
    expect((await result(other.token, session._id, s.id)).statusCode).toBe(404);
  });

  it('answers 401 to visitors and 404 for an unknown id or a checkout of something else', async () => {
    const maya = await buildFacilitator(t.db);
    const plan = await buildTier(t.db, maya.user.id, { price: 5 });
    const sam = await buildUser(t.db);
    expect((await result(undefined, plan.id)).statusCode).toBe(401);
    expect((await result(sam.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await result(sam.token, 'not-an-id')).statusCode).toBe(404);
    const p = await buy(sam.token, () =>
      call(t.app, 'GET', `/api/app/subscribe/${plan.id}/create-checkout-session`, undefined, sam.token),
    );
    const other = await buildTier(t.db, maya.user.id, { price: 5 });
    expect((await result(sam.token, other.id, p.id)).statusCode).toBe(404);
  });
});
