import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../../../common/notifications/types';
import { buildAdmin, buildFacilitator, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Row = { type: string; label: string; frequency: string; choices: string[]; default: string };
const rowOf = (rows: Row[], type: string) => rows.find((r) => r.type === type)!;

describe('GET /api/app/email-preferences', () => {
  it('lists every type with its label, its default frequency and only the choices it offers', async () => {
    const me = await buildUser(t.db);
    const res = await call(t.app, 'GET', '/api/app/email-preferences', undefined, me.token);
    expect(res.statusCode).toBe(200);
    const rows: Row[] = res.json();
    expect(rows.map((r) => r.type)).toEqual([...NOTIFICATION_TYPES]);
    // direct messages and bookings immediately, hearts off, the rest in the digest
    expect(rowOf(rows, 'message')).toEqual({
      type: 'message',
      label: 'Direct messages while you are away',
      frequency: 'immediately',
      choices: ['immediately', 'digest', 'off'],
      default: 'immediately',
    });
    expect(rowOf(rows, 'session').frequency).toBe('immediately');
    expect(rowOf(rows, 'heart').frequency).toBe('off');
    expect(rowOf(rows, 'comment').frequency).toBe('digest');
    // the practice mail is a daily mail of its own: no digest to choose
    expect(rowOf(rows, 'practice').choices).toEqual(['immediately', 'off']);
  });

  it.each([
    ['a member', buildUser],
    ['a facilitator', buildFacilitator],
    ['an admin', buildAdmin],
  ])('%s reads and sets their own', async (_who, build) => {
    const me = await build(t.db);
    const other = await buildUser(t.db);
    const res = await call(
      t.app,
      'POST',
      '/api/app/email-preferences',
      { type: 'heart', frequency: 'immediately' },
      me.token,
    );
    expect(res.statusCode).toBe(200);
    expect(rowOf(res.json(), 'heart').frequency).toBe('immediately');
    const again = await call(t.app, 'GET', '/api/app/email-preferences', undefined, me.token);
    expect(rowOf(again.json(), 'heart').frequency).toBe('immediately');
    // nobody else's changed
    const theirs = await call(t.app, 'GET', '/api/app/email-preferences', undefined, other.token);
    expect(rowOf(theirs.json(), 'heart').frequency).toBe('off');
  });

  it('refuses a visitor (401) on both calls', async () => {
    const get = await call(t.app, 'GET', '/api/app/email-preferences');
    expect(get.statusCode).toBe(401);
    expect(get.json().error).toBe('unauthorized');
    const post = await call(t.app, 'POST', '/api/app/email-preferences', { type: 'heart', frequency: 'off' });
    expect(post.statusCode).toBe(401);
  });
});

describe('POST /api/app/email-preferences', () => {
  it('sets several at once with a map, and a second change replaces the first', async () => {
    const me = await buildUser(t.db);
    let res = await call(
      t.app,
      'POST',
      '/api/app/email-preferences',
      { frequencies: { comment: 'off', payment: 'digest', practice: 'off' } },
      me.token,
    );
    expect(res.statusCode).toBe(200);
    let rows: Row[] = res.json();
    expect([rowOf(rows, 'comment'), rowOf(rows, 'payment'), rowOf(rows, 'practice')].map((r) => r.frequency)).toEqual([
      'off',
      'digest',
      'off',
    ]);
    res = await call(
      t.app,
      'POST',
      '/api/app/email-preferences',
      { type: 'comment', frequency: 'immediately' },
      me.token,
    );
    rows = res.json();
    expect(rowOf(rows, 'comment').frequency).toBe('immediately');
    expect(rowOf(rows, 'payment').frequency).toBe('digest');
  });

  it.each([
    ['a frequency the type does not offer', { type: 'practice', frequency: 'digest' }],
    ['an unknown type', { type: 'newsletter', frequency: 'off' }],
    ['an unknown frequency', { type: 'heart', frequency: 'weekly' }],
    ['an empty map', { frequencies: {} }],
    ['a map with a choice not offered', { frequencies: { heart: 'off', practice: 'digest' } }],
    ['nothing', {}],
  ])('refuses %s with invalid_input and changes nothing', async (_what, body) => {
    const me = await buildUser(t.db);
    const res = await call(t.app, 'POST', '/api/app/email-preferences', body, me.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
    const rows: Row[] = (await call(t.app, 'GET', '/api/app/email-preferences', undefined, me.token)).json();
    expect(rowOf(rows, 'heart').frequency).toBe('off');
    expect(rowOf(rows, 'practice').frequency).toBe('immediately');
  });
});

describe('unsubscribe rate limit', () => {
  it('answers 429 with Retry-After once one IP passes 60 calls in ten minutes', async () => {
    const hit = () =>
      t.app.inject({ method: 'GET', url: '/api/unsubscribe/info?token=guess', remoteAddress: '203.0.113.77' });
    for (let i = 0; i < 60; i++) expect((await hit()).statusCode).toBe(400);
    const limited = await hit();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
