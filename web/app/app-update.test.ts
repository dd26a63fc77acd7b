// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CONTRACT_VERSION } from '@common/api-version';

type AppUpdate = typeof import('./app-update');

/** A fresh copy of the module (its state is the page's: one per test). */
async function freshAppUpdate(): Promise<AppUpdate> {
  vi.resetModules();
  return import('./app-update');
}

const answer = (versions: { contract?: number; build?: string }) =>
  new Headers({
    ...(versions.contract !== undefined ? { 'tend-api-version': String(versions.contract) } : {}),
    ...(versions.build ? { 'tend-build': versions.build } : {}),
  });

function fakeWorker() {
  return { check: vi.fn(), checkSpaced: vi.fn(), apply: vi.fn(), updateNow: vi.fn() };
}

let reload: ReturnType<typeof vi.fn>;
beforeEach(() => {
  reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  const meta = document.createElement('meta');
  meta.name = 'tend-build';
  meta.content = 'build-one';
  document.head.append(meta);
});
afterEach(() => {
  document.head.querySelector('meta[name="tend-build"]')?.remove();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

/** Lets the worker's loading (a promise) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('the app against the server’s versions', () => {
  it('changes nothing while the server answers this build and contract, or names none', async () => {
    const app = await freshAppUpdate();
    const worker = fakeWorker();
    app.attachWorker(async () => worker);
    app.noteServerVersions(answer({ contract: API_CONTRACT_VERSION, build: 'build-one' }));
    app.noteServerVersions(answer({}));
    await settle();
    expect(app.updateState.get()).toBe('none');
    expect(worker.check).not.toHaveBeenCalled();
  });

  it('asks the worker to check once per new build, and offers the reload when the new worker waits', async () => {
    const app = await freshAppUpdate();
    const worker = fakeWorker();
    app.attachWorker(async () => worker);
    const heard = vi.fn();
    app.updateState.subscribe(heard);
    for (let i = 0; i < 3; i++) app.noteServerVersions(answer({ contract: API_CONTRACT_VERSION, build: 'build-two' }));
    await settle();
    expect(worker.check).toHaveBeenCalledOnce();
    // the check finds nothing yet: no banner
    expect(app.updateState.get()).toBe('none');
    app.offerUpdate();
    expect(app.updateState.get()).toBe('ready');
    expect(heard).toHaveBeenCalledOnce();
    app.applyUpdate();
    expect(worker.apply).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers a plain reload where there is no service worker', async () => {
    const app = await freshAppUpdate();
    app.noteServerVersions(answer({ contract: API_CONTRACT_VERSION, build: 'build-two' }));
    expect(app.updateState.get()).toBe('ready');
    app.applyUpdate();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('updates at once, without asking, when the server speaks another API contract', async () => {
    const app = await freshAppUpdate();
    const worker = fakeWorker();
    app.attachWorker(async () => worker);
    app.noteServerVersions(answer({ contract: API_CONTRACT_VERSION + 1, build: 'build-two' }));
    expect(app.updateState.get()).toBe('required');
    await settle();
    expect(worker.updateNow).toHaveBeenCalledOnce();
    // more answers while it updates change nothing
    app.noteServerVersions(answer({ contract: API_CONTRACT_VERSION + 1 }));
    app.offerUpdate();
    await settle();
    expect(worker.updateNow).toHaveBeenCalledOnce();
    expect(app.updateState.get()).toBe('required');
  });

  it('reloads from the server when there is no worker, and once only: back on the old contract, it asks', async () => {
    const app = await freshAppUpdate();
    app.noteServerVersions(answer({ contract: API_CONTRACT_VERSION + 1 }));
    expect(reload).toHaveBeenCalledOnce();
    // the reloaded page (a fresh module, the same tab) still meets the other contract
    const reloaded = await freshAppUpdate();
    reloaded.noteServerVersions(answer({ contract: API_CONTRACT_VERSION + 1 }));
    expect(reload).toHaveBeenCalledOnce();
    expect(reloaded.updateState.get()).toBe('ready');
  });
});
