// Runs as soon as it arrives, before the app's entry has run (index.html loads it async, and it
// imports nothing): for a signed-in visitor, it asks for the chunks of the signed-in layout and of the
// page at this path, so they download beside the app's entry instead of after it has run and the
// router has asked for them. A signed-out visitor (/login) loads nothing more.
// The list is written into index.html at build time (scripts/build/boot-preloads.ts).
// For a signed-in visitor it reads the time zone whoami is sent with, if not kept (see whoamiZone).
// On the member's home it also asks the API for what that page's first paint waits for (whoami and
// today's sessions): the API client takes each answer once (web/api/early-answers.ts).

type Preloads = { signedIn: string[]; pages: Record<string, string[]> };

function preload() {
  const list = document.getElementById('tend-preloads');
  // the key web/api/client.ts keeps the session token under
  if (!list || !localStorage.getItem('token')) return;
  const { signedIn, pages } = JSON.parse(list.textContent ?? '{}') as Preloads;
  for (const href of [...signedIn, ...(pages[location.pathname] ?? [])]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}

/** Where the answers asked for here wait for the API client (web/api/early-answers.ts). */
const EARLY_ANSWERS = '__tendEarlyAnswers';

/** The key and shape get-whoami.ts keeps the zone whoami is sent with under (the same rule). */
const ZONE_KEY = 'timeZone';

/**
 * The zone whoami will be sent with: the one sent last time while the browser is at the same
 * offset, or else (a first visit on this browser, a trip) the browser's, read here and kept as
 * get-whoami.ts keeps it. Intl's first call costs 40-100 ms of CPU on a phone; made here, it runs
 * while the app's JavaScript is still downloading, not in the app's first task.
 */
function whoamiZone(): string {
  const offset = new Date().getTimezoneOffset();
  const sent = JSON.parse(localStorage.getItem(ZONE_KEY) ?? 'null') as { zone?: unknown; offset?: unknown } | null;
  if (typeof sent?.zone === 'string' && sent.offset === offset) return sent.zone;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  localStorage.setItem(ZONE_KEY, JSON.stringify({ zone, offset, checkedAt: Date.now() }));
  return zone;
}

function askEarly() {
  const token = localStorage.getItem('token');
  if (!token) return;
  const zone = whoamiZone();
  if (location.pathname !== '/') return;
  const urls = ['/api/app/user-sessions', `/api/auth/whoami?tz=${encodeURIComponent(zone)}`];
  const answers: Record<string, Promise<Response>> = {};
  for (const url of urls) {
    answers[url] = fetch(url, { headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } });
    // a failed early call is the app's to make again; it must not be an unhandled rejection
    answers[url].catch(() => undefined);
  }
  (window as unknown as Record<string, unknown>)[EARLY_ANSWERS] = { token, askedAt: Date.now(), answers };
}

// index.html puts the list before this script: the parser has passed it when this runs
try {
  preload();
  askEarly();
} catch {
  // storage refused, or a list it cannot read: the app loads its chunks and data itself, as before
}

export {};
