// The JavaScript requests of a first visit to a running build (a member's first
// page needs under 25 JS requests). A fresh browser (empty cache) opens /login signed out, and
// then, in another fresh browser context, the member's first page: the session is made through
// the API (POST /api/auth/login) and put where the app keeps it (localStorage) before `/` is
// opened, as for a member coming back to the app. Counts every script request (the entry, the
// modulepreloads, the lazy chunks of the route, anything loaded later) until the network has been
// idle, and their size: as sent (the server's precompressed brotli or gzip) and gzipped here
// (level 9, as route-js.mjs and the build's .gz files).
//
//   node scripts/build/launch.mjs --build-only
//   PORT=3310 DATA_DIR=$(mktemp -d) NODE_ENV=production npx tsx scripts/demo.ts &
//   BASE_URL=http://localhost:3310 node scripts/build/first-page-requests.mjs
//   ... --max 24          # exits 1 when the member's first page makes more than 24 JS requests
//   ... --list            # every script with its size
// Env: BASE_URL, CHROME_PATH (default /usr/bin/chromium), MEMBER_EMAIL / MEMBER_PASSWORD (the
// demo member's by default), PAGE (the signed-in page, default /).
import { gzipSync, constants } from 'node:zlib';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const flag = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const max = flag('--max');
const list = args.includes('--list');
const base = (process.env.BASE_URL ?? 'http://localhost:3310').replace(/\/$/, '');
const email = process.env.MEMBER_EMAIL ?? 'sam@tend.demo';
const password = process.env.MEMBER_PASSWORD ?? 'tend-demo-garden';
const memberPage = process.env.PAGE ?? '/';
if (max !== undefined && !/^\d+$/.test(max)) {
  console.error('first-page-requests: --max takes a number of requests');
  process.exit(2);
}

async function signIn() {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email, password } }),
  });
  const body = await res.json().catch(() => ({}));
  if (!body.token) throw new Error(`sign-in as ${email} failed (${res.status}): ${JSON.stringify(body)}`);
  return body.token;
}

const isScript = (request) => request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js');

/** Opens `path` in a fresh context (with `token` signed in) and answers the scripts it loaded. */
async function visit(browser, path, token) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (token) {
    // a same-origin page that loads no script, to write the session where the app reads it
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
  }
  const scripts = [];
  page.on('requestfinished', (request) => {
    if (isScript(request)) scripts.push(request);
  });
  page.on('requestfailed', (request) => {
    if (isScript(request))
      console.error(`first-page-requests: ${request.url()} failed: ${request.failure()?.errorText}`);
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  // the route's lazy chunks and what the page loads once idle (the toaster) come after 'load'
  await page.waitForLoadState('networkidle');
  const landed = new URL(page.url()).pathname;
  const rows = [];
  for (const request of scripts) {
    const response = await request.response();
    const body = response ? await response.body() : Buffer.alloc(0);
    const sizes = await request.sizes();
    rows.push({
      url: request.url().replace(base, ''),
      sent: sizes.responseBodySize,
      encoding: response?.headers()['content-encoding'] ?? 'none',
      gz: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length,
      raw: body.length,
    });
  }
  await context.close();
  return { path, landed, rows };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
function report({ path, landed, rows }, label) {
  const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
  const unique = new Set(rows.map((r) => r.url)).size;
  if (list) {
    for (const r of rows) console.log(`  ${kb(r.gz).padStart(9)} gz ${kb(r.sent).padStart(9)} ${r.encoding}  ${r.url}`);
  }
  console.log(
    `${label} ${path} (landed on ${landed}): ${rows.length} JS requests (${unique} distinct), ` +
      `${kb(sum('raw'))} raw, ${kb(sum('gz'))} gzipped, ${kb(sum('sent'))} as sent`,
  );
  return rows.length;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
let requests;
try {
  report(await visit(browser, '/login'), 'signed out');
  const member = await visit(browser, memberPage, await signIn());
  if (member.landed !== memberPage) throw new Error(`the member landed on ${member.landed}, not ${memberPage}`);
  requests = report(member, `signed in as ${email}`);
} catch (err) {
  console.error(`first-page-requests: ${err.message}`);
  process.exitCode = 2;
} finally {
  await browser.close();
}
if (max !== undefined && requests !== undefined && requests > Number(max)) {
  console.error(`first-page-requests: ${requests} JS requests is over the budget of ${max}`);
  process.exit(1);
}
