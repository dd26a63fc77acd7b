// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * workbox-window needs a browser's service worker container, which jsdom has not: a stand-in
 * Workbox records what the registration asks of it and lets the test fire its events. The real
 * worker's update runs in the journey e2e/member-installs-the-app.spec.ts.
 */
const workbox = vi.hoisted(() => ({
  instances: [] as Array<{
    url: string;
    listeners: Map<string, () => void>;
    messageSkipWaiting: ReturnType<typeof vi.fn>;
  }>,
  registration: undefined as unknown,
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    listeners = new Map<string, () => void>();
    messageSkipWaiting = vi.fn();
    constructor(readonly url: string) {
      workbox.instances.push(this);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    register() {
      return Promise.resolve(workbox.registration);
    }
  },
}));

/** A registration as the browser keeps it: the waiting and installing workers, update, unregister. */
function fakeRegistration(fields: { waiting?: object | null; afterUpdate?: { installing?: EventTarget } } = {}) {
  const registration = {
    waiting: fields.waiting ?? null,
    installing: null as EventTarget | null,
    update: vi.fn(async () => {
      registration.installing = fields.afterUpdate?.installing ?? null;
    }),
    unregister: vi.fn(async () => true),
  };
  return registration;
}

let reload: ReturnType<typeof vi.fn>;
let container: EventTarget;
beforeEach(() => {
  vi.resetModules();
  workbox.instances.length = 0;
  reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  container = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe('the service worker’s registration', () => {
  it('registers /sw.js once, and a new worker waiting puts up the offer', async () => {
    workbox.registration = fakeRegistration();
    const { registerServiceWorker } = await import('./service-worker');
    const { updateState } = await import('./app-update');
    const first = registerServiceWorker();
    expect(registerServiceWorker()).toBe(first);
    expect(workbox.instances.map((wb) => wb.url)).toEqual(['/sw.js']);
    workbox.instances[0]!.listeners.get('waiting')!();
    expect(updateState.get()).toBe('ready');
  });

  it('on Reload, asks the waiting worker to take over and reloads once it has, only once', async () => {
    workbox.registration = fakeRegistration({ waiting: {} });
    const { registerServiceWorker } = await import('./service-worker');
    const updates = registerServiceWorker();
    // the first worker taking control (before any consent) reloads nothing
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    updates.apply();
    await settle();
    expect(workbox.instances[0]!.messageSkipWaiting).toHaveBeenCalledOnce();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('for a changed API, fetches the new worker and has it take over at once', async () => {
    const installing = Object.assign(new EventTarget(), { state: 'installing' });
    const registration = fakeRegistration({ afterUpdate: { installing } });
    workbox.registration = registration;
    const { registerServiceWorker } = await import('./service-worker');
    registerServiceWorker().updateNow();
    await settle();
    expect(registration.update).toHaveBeenCalled();
    installing.state = 'installed';
    installing.dispatchEvent(new Event('statechange'));
    await settle();
    expect(workbox.instances[0]!.messageSkipWaiting).toHaveBeenCalledOnce();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledOnce();
    expect(registration.unregister).not.toHaveBeenCalled();
  });

  it('for a changed API with no newer worker to be had, drops the old one and reloads from the server', async () => {
    const registration = fakeRegistration();
    workbox.registration = registration;
    const { registerServiceWorker } = await import('./service-worker');
    registerServiceWorker().updateNow();
    await settle();
    await settle();
    expect(registration.unregister).toHaveBeenCalledOnce();
    expect(reload).toHaveBeenCalledOnce();
  });
});
