// Lighthouse audits of a running production build: /login signed out and the
// member's daily practice page (/) signed in, mobile profile by default. Prints the scores, the
// main metrics and the JavaScript a first visit loads.
//
// Lighthouse is not a dependency of the project; install it outside the repository and point here:
//   mkdir /tmp/lh && cd /tmp/lh && npm init -y && npm i lighthouse
//   node scripts/build/launch.mjs --build-only
//   PORT=3300 DATA_DIR=$(mktemp -d) NODE_ENV=production npx tsx scripts/demo.ts &
//   LIGHTHOUSE_DIR=/tmp/lh BASE_URL=http://localhost:3300 node scripts/lighthouse.mjs
// Env: LIGHTHOUSE_DIR (folder whose node_modules holds lighthouse), BASE_URL, CHROME_PATH
// (default /usr/bin/chromium), LH_EMAIL / LH_PASSWORD (the member; the demo's by default),
// LH_PRESET=desktop for the desktop profile, LH_RUNS (default 1: the median of N runs is printed, and
// each run's score), LH_ONLY=/login or LH_ONLY=/ for one page,
// LH_TOKEN to reuse a session (no sign-in), LH_DETAILS=1 to list what shifted, each script loaded, each script's main-thread time and the long tasks,
// LH_REPEAT=1 to audit each page a second time as a repeat visit: the service worker installed by
// a visit before (the app shell in its cache), the HTTP cache emptied, so what is saved is the worker's.
// A first visit always starts without a service worker or its caches.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.env.LIGHTHOUSE_DIR;
if (!dir) {
  console.error('lighthouse: set LIGHTHOUSE_DIR to a folder where `npm i lighthouse` was run');
  process.exit(2);
}
const base = (process.env.BASE_URL ?? 'http://localhost:3300').replace(/\/$/, '');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const email = process.env.LH_EMAIL ?? 'sam@tend.demo';
const password = process.env.LH_PASSWORD ?? 'tend-demo-garden';
const desktop = process.env.LH_PRESET === 'desktop';
const runs = Number(process.env.LH_RUNS ?? 1);

const require = createRequire(join(dir, 'package.json'));
const load = async (name) => import(pathToFileURL(require.resolve(name)).href);
const { default: lighthouse, desktopConfig } = await load('lighthouse');
const chromeLauncher = await load('chrome-launcher');
const { default: puppeteer } = await load('puppeteer-core');

async function signIn() {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email, password } }),
  });
  const body = await res.json();
  if (!body.token) throw new Error(`lighthouse: sign-in as ${email} failed: ${JSON.stringify(body)}`);
  return body.token;
}

/**
 * One audit; `token` set puts the session in localStorage first (the app keeps it there). A first
 * visit (`repeat` false) starts with no service worker and no cache; a repeat visit first opens
 * the page and waits until the service worker controls it (its precache filled).
 */
async function audit(chrome, path, token, repeat = false) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/favicon.svg`);
  await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), token ?? '');
  const cdp = await page.createCDPSession();
  if (repeat) {
    await page.goto(`${base}${path}`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
  } else {
    await cdp.send('Storage.clearDataForOrigin', {
      origin: base,
      storageTypes: 'service_workers,cache_storage',
    });
  }
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.disconnect();
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  // the storage reset would sign the member out (it also skips clearing the cache: done above)
  const run = await lighthouse(
    `${base}${path}`,
    { ...flags, disableStorageReset: true },
    desktop ? desktopConfig : undefined,
  );
  const { audits, categories } = run.lhr;
  const requests = audits['network-requests'].details.items;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round(categories.performance.score * 100),
    // why a run has no score: Lighthouse's own error (NO_LCP, a page that did not load...)
    error: run.lhr.runtimeError?.message ?? audits['largest-contentful-paint'].errorMessage,
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    jsRequests: scripts.length,
    jsKB: scripts.reduce((sum, r) => sum + r.transferSize, 0) / 1024,
    finalUrl: run.lhr.finalDisplayedUrl,
    // Lighthouse's measure of this machine's CPU (higher is faster): scores move with it
    benchmarkIndex: run.lhr.environment.benchmarkIndex,
    scripts: scripts.map((r) => `${(r.transferSize / 1024).toFixed(1)} KB ${r.url.replace(base, '')}`),
    lcpElement: (() => {
      const table = audits['largest-contentful-paint-element']?.details?.items?.[0];
      const node = table?.items?.[0]?.node ?? table?.node;
      return node ? `LCP element ${node.snippet ?? node.selector}` : 'LCP element unknown';
    })(),
    // what kept the main thread busy: each script's evaluation, and every task over 50 ms
    work: [
      ...(audits['mainthread-work-breakdown']?.details?.items ?? []).map(
        (i) => `main thread ${Math.round(i.duration)} ms ${i.groupLabel ?? i.group}`,
      ),
      ...(audits['bootup-time']?.details?.items ?? []).map(
        (i) =>
          `script time ${Math.round(i.scripting)} ms run + ${Math.round(i.scriptParseCompile)} ms compile ${i.url.replace(base, '')}`,
      ),
      ...(audits['long-tasks']?.details?.items ?? []).map(
        (i) => `long task ${Math.round(i.duration)} ms at ${Math.round(i.startTime)} ms ${i.url.replace(base, '')}`,
      ),
    ],
    shifts: (audits['layout-shifts']?.details?.items ?? []).map(
      (i) => `layout shift ${i.score.toFixed(3)} ${i.node?.selector}`,
    ),
  };
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  // LH_TOKEN: a session token to reuse (interleaved runs would meet the sign-in rate limit)
  const token = process.env.LH_TOKEN || (await signIn());
  const pages = [
    ['/login (signed out)', '/login', null],
    ['/ member daily practice', '/', token],
  ];
  console.log(`Lighthouse ${desktop ? 'desktop' : 'mobile'} on ${base}, the median run of ${runs}`);
  const only = process.env.LH_ONLY;
  const visits = pages.flatMap(([label, path, session]) => [
    [label, path, session, false],
    ...(process.env.LH_REPEAT ? [[`${label.split(' ')[0]} repeat (worker)`, path, session, true]] : []),
  ]);
  for (const [label, path, session, repeat] of visits.filter(([, path]) => !only || path === only)) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await audit(chrome, path, session, repeat));
    // the run with the median score (the lower middle one for an even count)
    const median = [...results].sort((a, b) => a.score - b.score)[Math.floor((results.length - 1) / 2)];
    const ms = (v) => `${(v / 1000).toFixed(2)} s`;
    console.log(
      `${label.padEnd(26)} performance ${String(median.score).padStart(3)}  FCP ${ms(median.fcp)}  LCP ${ms(median.lcp)}` +
        `  TBT ${Math.round(median.tbt)} ms  CLS ${median.cls.toFixed(3)}  JS ${median.jsRequests} requests` +
        ` ${median.jsKB.toFixed(0)} KB transferred  (${median.finalUrl})`,
    );
    if (runs > 1) {
      const each = results.map(
        (r) =>
          `${r.score}${r.error ? ` [${r.error}]` : ''} (LCP ${ms(r.lcp)}, TBT ${Math.round(r.tbt)} ms, CPU benchmark ${Math.round(r.benchmarkIndex)})`,
      );
      console.log(`  every run: ${each.join(', ')}`);
    }
    // LH_DETAILS=1: what moved, and each script loaded
    if (process.env.LH_DETAILS)
      for (const line of [median.lcpElement, ...median.shifts, ...median.scripts, ...median.work])
        console.log(`  ${line}`);
  }
} finally {
  await chrome.kill();
}
