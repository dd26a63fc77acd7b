import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, PASSWORD, signIn, uniqueName, watchCsp } from './support/fixtures';
import { liveReady, ok, tokenOf } from './support/signed-in';
import {
  findNginx,
  postgresAnswers,
  startNginxStack,
  testDatabaseUrl,
  type AccessEntry,
  type NginxStack,
} from './support/nginx-stack';

/**
 * Debian's nginx, running the shipped deploy/nginx.conf, in front of two Tend instances
 * on one PostgreSQL database. Two people chat live while nginx deals their requests out to the
 * two instances in turn; the access log shows that it did.
 */
const nginxBinary = findNginx();
test.skip(
  !nginxBinary && !process.env.CI,
  'nginx is not installed (apt-get install -y --no-install-recommends nginx); CI fails here instead of skipping',
);

let stack: NginxStack | undefined;

test.beforeAll(async () => {
  if (!nginxBinary)
    throw new Error('This journey needs Debian nginx (apt-get install -y --no-install-recommends nginx)');
  if (!(await postgresAnswers())) {
    if (!process.env.CI) test.skip(true, `No PostgreSQL answers at ${testDatabaseUrl()} (set TEST_DATABASE_URL)`);
    throw new Error(`This journey needs PostgreSQL at ${testDatabaseUrl()} (TEST_DATABASE_URL)`);
  }
  stack = await startNginxStack({ nginx: nginxBinary });
});

test.afterAll(async () => {
  await stack?.stop();
});

test.afterEach(async ({}, testInfo) => {
  if (stack && testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('server logs', { body: stack.logs() });
});

/** Each browser marks its requests, so the access log tells whose request each line is. */
const agentOf = (who: string) => `${devices['Desktop Chrome'].userAgent} tend-e2e/${who}`;

async function openBrowser(browser: Browser, who: string) {
  const context = await browser.newContext({ baseURL: stack!.url, ignoreHTTPSErrors: true, userAgent: agentOf(who) });
  const page = await context.newPage();
  const csp = await watchCsp(page);
  await holdLiveConnection(page);
  return { context, page, csp, quiet: watchQuiet(page) };
}

/**
 * Holds the page's live connection until `releaseLive`: the app's `new WebSocket()` gets a
 * stand-in that opens the real socket (and forwards its events) only when released. The test
 * so picks the moment of each websocket handshake, and with it nginx's turn (see below).
 * Only the first connection of each page load is held.
 */
async function holdLiveConnection(page: Page) {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const waiting: (() => void)[] = [];
    type Handler = ((event: never) => void) | null;
    class HeldWebSocket {
      onopen: Handler = null;
      onmessage: Handler = null;
      onclose: Handler = null;
      onerror: Handler = null;
      real: WebSocket | null = null;
      closed = false;
      constructor(
        readonly url: string,
        protocols?: string | string[],
      ) {
        waiting.push(() => {
          if (this.closed) return;
          const socket = new Native(url, protocols);
          this.real = socket;
          socket.onopen = (event) => this.onopen?.(event as never);
          socket.onmessage = (event) => this.onmessage?.(event as never);
          socket.onclose = (event) => this.onclose?.(event as never);
          socket.onerror = (event) => this.onerror?.(event as never);
        });
      }
      get readyState() {
        return this.real ? this.real.readyState : this.closed ? 3 : 0;
      }
      send(data: string) {
        this.real?.send(data);
      }
      close(code?: number, reason?: string) {
        if (this.real) this.real.close(code, reason);
        else this.closed = true;
      }
    }
    window.WebSocket = HeldWebSocket as unknown as typeof WebSocket;
    (window as unknown as { __releaseLive: () => void }).__releaseLive = () => {
      window.WebSocket = Native;
      waiting.splice(0).forEach((open) => open());
    };
  });
}

/** Resolves once the page has had no request in flight for a moment. */
function watchQuiet(page: Page) {
  let inFlight = 0;
  let last = Date.now();
  page.on('request', () => {
    inFlight += 1;
    last = Date.now();
  });
  const done = () => {
    inFlight -= 1;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => expect.poll(() => inFlight <= 0 && Date.now() - last > 300, { intervals: [100] }).toBe(true);
}

/** Anything that would bring messages other than the live connection: a load, a room reopened, a fetch. */
function watchMessageFetches(page: Page) {
  const seen: string[] = [];
  page.on('load', () => seen.push('page load'));
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if ((req.method() === 'POST' && pathname === '/api/app/room') || pathname.startsWith('/api/app/get-messages/'))
      seen.push(`${req.method()} ${pathname}`);
  });
  return { expectNone: () => expect(seen, 'messages fetched other than live').toEqual([]) };
}

/** The instance (live hub id) holding each open live connection of this user. */
async function socketInstances(userId: string) {
  const { rows } = await stack!.query<{ instance_id: string }>(
    'select instance_id from live_presence where user_id = $1 and connections > 0 order by instance_id',
    [userId],
  );
  return rows.map((r) => r.instance_id);
}

const upstreamsOf = (entries: AccessEntry[]) => [...new Set(entries.map((e) => e.upstream))].sort();

test('two members chat live through nginx while it alternates their requests between two instances', async ({
  browser,
}) => {
  const s = stack!;
  const both = [...s.upstreams].sort();

  // Plain HTTP is sent to HTTPS.
  const redirect = await fetch(`${s.httpUrl}/messages`, { redirect: 'manual' });
  expect(redirect.status).toBe(301);
  expect(redirect.headers.get('location')).toBe('https://localhost/messages');

  const guide = await s.createUser({
    name: 'Nora Guide',
    handle: uniqueName('nora'),
    password: PASSWORD,
    isFacilitator: true,
  });
  const member = await s.createUser({ name: 'Ivo Member', handle: uniqueName('ivo'), password: PASSWORD });

  const desk = await openBrowser(browser, 'guide');
  const home = await openBrowser(browser, 'member');
  await Promise.all([signIn(desk.page, guide.email), signIn(home.page, member.email)]);

  // Direct messages need a subscription to a direct-messaging tier: set up through the API, via nginx.
  const tier = await ok<{ _id: string }>(
    await desk.context.request.post('/api/app/tier/new', {
      headers: await tokenOf(desk.page),
      data: { name: 'Open Door', type: 'subscription', price: 0, published: true, allowDirectMessaging: true },
    }),
  );
  const subscribed = await ok<{ status: string }>(
    await home.context.request.get(`/api/app/subscribe/${tier._id}`, { headers: await tokenOf(home.page) }),
  );
  expect(subscribed.status).toBe('subscribed');

  // Both open Messages and pick the other (their live connections held for now, see below).
  const openChat = async (page: Page, other: { id: string; name: string }) => {
    await page.goto('/messages');
    await page.getByRole('navigation', { name: 'Chats' }).getByRole('link', { name: other.name }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?with=${other.id}$`));
    const log = page.getByRole('log', { name: `Messages with ${other.name}` });
    await expect(log.getByText('No messages yet.')).toBeVisible();
    return log;
  };
  const [deskLog, homeLog] = await Promise.all([openChat(desk.page, member), openChat(home.page, guide)]);

  // Round robin decides where each websocket lands. With both browsers quiet, one request from
  // outside them shows whose turn it is; releasing a held live connection then makes its handshake
  // the very next request. The guide's socket goes where it goes; the member's is sent to the other
  // instance, so every message crosses between instances through PostgreSQL.
  const otherThan = (upstream: string) => s.upstreams.find((u) => u !== upstream)!;
  const release = async (page: Page) => {
    const ready = liveReady(page);
    await page.evaluate(() => (window as unknown as { __releaseLive: () => void }).__releaseLive());
    await ready;
  };
  await Promise.all([desk.quiet(), home.quiet()]);
  const deskUpstream = otherThan(await s.nudge());
  await release(desk.page);
  await expect.poll(() => socketInstances(guide.id)).toHaveLength(1);
  const [deskInstance] = await socketInstances(guide.id);
  let memberSockets = 0;
  for (let attempt = 1; ; attempt++) {
    await Promise.all([desk.quiet(), home.quiet()]);
    // the request after one answered by the guide's instance goes to the other one
    if ((await s.nudge()) !== deskUpstream) await s.nudge();
    await release(home.page);
    memberSockets += 1;
    // the socket of a page reloaded below is gone once its close reaches the server
    await expect.poll(() => socketInstances(member.id)).toHaveLength(1);
    if ((await socketInstances(member.id))[0] !== deskInstance) break;
    // a request of the app's own slipped in between: once more, on a fresh page
    expect(attempt, 'the two live connections are held by different instances').toBeLessThan(3);
    await home.page.reload();
    await expect(homeLog.getByText('No messages yet.')).toBeVisible();
  }

  const deskFetches = watchMessageFetches(desk.page);
  const homeFetches = watchMessageFetches(home.page);
  const homeBox = home.page.getByRole('textbox', { name: `Message ${guide.name}` });
  const deskBox = desk.page.getByRole('textbox', { name: `Message ${member.name}` });

  // Three messages each way, each seen on the other open page without a reload.
  for (let round = 1; round <= 3; round++) {
    const question = `Question ${round} ${uniqueName('')}`;
    await homeBox.fill(question);
    await homeBox.press('Enter');
    await expect(homeBox).toHaveValue('');
    await expect(homeLog.getByRole('listitem').filter({ hasText: `You: ${question}` })).toBeVisible();
    await expect(deskLog.getByRole('listitem').filter({ hasText: `${member.name}: ${question}` })).toBeVisible();

    const answer = `Answer ${round} ${uniqueName('')}`;
    await deskBox.fill(answer);
    await desk.page.getByRole('form', { name: 'Send a message' }).getByRole('button', { name: 'Send' }).click();
    await expect(deskBox).toHaveValue('');
    await expect(deskLog.getByRole('listitem').filter({ hasText: `You: ${answer}` })).toBeVisible();
    await expect(homeLog.getByRole('listitem').filter({ hasText: `${guide.name}: ${answer}` })).toBeVisible();
  }
  await expect(homeLog.getByRole('listitem')).toHaveCount(6);
  await expect(deskLog.getByRole('listitem')).toHaveCount(6);
  await expect(homeLog.getByText('Sending…')).toHaveCount(0);
  await expect(deskLog.getByText('Sending…')).toHaveCount(0);
  deskFetches.expectNone();
  homeFetches.expectNone();
  // the chat screen (both people see the same screen)
  await expectAccessible(home.page);
  desk.csp.expectNone();
  home.csp.expectNone();

  // nginx logs a websocket when it closes: close both browsers, then read the access log.
  await desk.context.close();
  await home.context.close();
  const linesOf = (who: string) => s.accessLog().filter((e) => e.userAgent === agentOf(who));
  const socketsOf = (who: string) => linesOf(who).filter((e) => e.path === '/api/live' && e.status === 101);
  await expect.poll(() => [socketsOf('guide').length, socketsOf('member').length]).toEqual([1, memberSockets]);

  for (const who of ['guide', 'member']) {
    const api = linesOf(who).filter((e) => e.path.startsWith('/api/') && e.status !== 101);
    expect(upstreamsOf(api), `instances that answered the ${who}'s API calls`).toEqual(both);
  }
  // the two websockets held during the chat (the member's last) were upgraded by different instances
  const chatSockets = [socketsOf('guide')[0]!, socketsOf('member').at(-1)!];
  expect(upstreamsOf(chatSockets), 'instances that upgraded the websockets of the chat').toEqual(both);
  // Six messages went through nginx. Whichever instance took one, it signals both people, and
  // their sockets sit on different instances: each message crossed between the two.
  const sends = [...linesOf('guide'), ...linesOf('member')].filter(
    (e) => e.method === 'POST' && e.path === '/api/app/message',
  );
  expect(sends.map((e) => e.status)).toEqual([200, 200, 200, 200, 200, 200]);
  // plain round robin: over everything nginx passed on, the two instances' shares differ by at most one
  const proxied = s.accessLog().filter((e) => e.upstream !== '-');
  const counts = both.map((u) => proxied.filter((e) => e.upstream === u).length);
  expect(Math.abs(counts[0]! - counts[1]!), `requests per instance: ${counts.join(' and ')}`).toBeLessThanOrEqual(1);
});
