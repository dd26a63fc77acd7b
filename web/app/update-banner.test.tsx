// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The banner with a fresh update state, and a stand-in worker behind it. */
async function renderBanner() {
  vi.resetModules();
  const app = await import('./app-update');
  const { UpdateBanner } = await import('./update-banner');
  const worker = { check: vi.fn(), checkSpaced: vi.fn(), apply: vi.fn(), updateNow: vi.fn() };
  app.attachWorker(async () => worker);
  await act(async () => {
    app.startWorker();
  });
  render(<UpdateBanner />);
  return { app, worker };
}

describe('"A new version is ready"', () => {
  it('keeps an empty polite live region until a new version waits, then announces it with Reload', async () => {
    const { app, worker } = await renderBanner();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(screen.queryByRole('button')).toBeNull();

    act(() => app.offerUpdate());
    expect(screen.getByRole('status').textContent).toBe('A new version is ready.');
    // reached from the keyboard: the last stops of the page
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Later' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reload' }));
    await user.keyboard('{Enter}');
    expect(worker.apply).toHaveBeenCalledOnce();
  });

  it('goes away on Later, until the next page load', async () => {
    const { app } = await renderBanner();
    act(() => app.offerUpdate());
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('says the app is loading its new version, without buttons, when the API contract changed', async () => {
    vi.stubGlobal('location', { ...window.location, reload: vi.fn() });
    const { app, worker } = await renderBanner();
    act(() => app.noteServerVersions(new Headers({ 'tend-api-version': '999' })));
    expect(screen.getByRole('status').textContent).toBe('This app has been updated. Loading the new version…');
    expect(screen.queryByRole('button')).toBeNull();
    await act(async () => undefined);
    expect(worker.updateNow).toHaveBeenCalledOnce();
  });
});
