/**
 * Whether a newer version of the app is waiting, and what to do about it. The API client reports
 * each answer's versions here (`noteServerVersions`); the service worker's registration
 * (service-worker.ts) reports a new worker waiting; the update banner (update-banner.tsx) shows
 * the state and asks for the reload. Small and without imports of its own: the first page's
 * entry loads it.
 */
import { API_CONTRACT_VERSION } from '@common/api-version';
import { API_VERSION_HEADER, BUILD_HEADER, BUILD_META } from '@common/http-headers';

/**
 * 'ready': a new version waits for the member's "Reload". 'required': this app no longer speaks
 * the server's API; it is reloading into the new version on its own.
 */
export type UpdateState = 'none' | 'ready' | 'required';

/** What the service worker's registration does for an update (service-worker.ts). */
export type WorkerUpdates = {
  /** asks the server whether a new worker (a new build) is there */
  check(): void;
  /** the same, at most once a minute (each navigation asks) */
  checkSpaced(): void;
  /** the member agreed: the waiting worker takes over and the page reloads once */
  apply(): void;
  /** the API changed under this app: fetch the new worker, take it and reload, or drop the old */
  updateNow(): void;
};

let state: UpdateState = 'none';
const listeners = new Set<() => void>();
let worker: WorkerUpdates | undefined;
let loadWorker: (() => Promise<WorkerUpdates>) | undefined;
/** The server build a check was asked for already (one check per build seen). */
let checkedBuild: string | null = null;

function set(next: UpdateState) {
  if (state === next || state === 'required') return;
  state = next;
  for (const listener of listeners) listener();
}

export const updateState = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** The build this page was loaded with (index.html's meta); undefined in the dev server and tests. */
const ownBuild = () => document.querySelector<HTMLMetaElement>(`meta[name="${BUILD_META}"]`)?.content || undefined;

/**
 * How this page reaches its service worker's updates: `load` registers the worker (once) and
 * answers its updates; it runs when the page is idle, or sooner when an answer asks for an update.
 */
export function attachWorker(load: () => Promise<WorkerUpdates>) {
  loadWorker = async () => {
    worker ??= await load();
    return worker;
  };
}

/** Registers the worker (main.tsx: once the first page is idle). */
export function startWorker() {
  void loadWorker?.();
}

/** A new worker (a new build) is installed and waits: offer the reload. */
export function offerUpdate() {
  set('ready');
}

/** The member's "Reload": into the new worker when there is one, else the page from the server. */
export function applyUpdate() {
  if (worker) worker.apply();
  else window.location.reload();
}

/** A page navigation: a moment to ask for a new worker (the registration spaces its checks). */
export function checkOnNavigation() {
  worker?.checkSpaced();
}

/** The key that keeps a forced reload to one per server contract version in this tab. */
const FORCED_KEY = 'tend-forced-update';

function requireUpdate(serverContract: string) {
  if (state === 'required') return;
  // a reload that came back still on another contract (the new shell could not be had) does
  // not loop: the member gets the banner and its Reload instead
  let again = false;
  try {
    again = sessionStorage.getItem(FORCED_KEY) === serverContract;
    sessionStorage.setItem(FORCED_KEY, serverContract);
  } catch {
    // storage refused: reload all the same
  }
  if (again) return set('ready');
  set('required');
  if (loadWorker)
    void loadWorker().then(
      (w) => w.updateNow(),
      () => window.location.reload(),
    );
  else window.location.reload();
}

/**
 * Reads an API answer's versions: another contract version means this app's calls may be
 * misread, so it reloads into the new version at once; another build means one is out, so the
 * worker checks for it (and the banner offers it once installed). Answers without the headers
 * (an error page of a proxy) change nothing.
 */
export function noteServerVersions(headers: Headers) {
  const contract = headers.get(API_VERSION_HEADER);
  if (contract && contract !== String(API_CONTRACT_VERSION)) return requireUpdate(contract);
  const build = headers.get(BUILD_HEADER);
  const own = ownBuild();
  if (!build || !own || build === own || build === checkedBuild) return;
  checkedBuild = build;
  if (loadWorker) void loadWorker().then((w) => w.check());
  // no worker: this page came from the server before the new build; a reload brings it
  else set('ready');
}
