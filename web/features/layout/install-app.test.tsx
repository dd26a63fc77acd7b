// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import type { SignedInUser } from '@web/features/session/roles';

resetPageBetweenTests({ token: 'member-token' });

const member = { isLoggedIn: true, streak: 1, _id: 'u1', name: 'Ada Member' } as SignedInUser;

/** The header with a fresh install offer (its state is the page's: one per test). */
async function renderHeader() {
  vi.resetModules();
  // the account menu's panel is placed by Floating UI, which watches its size
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  const offer = await import('@web/app/install-offer');
  offer.captureInstallPrompt();
  const { SiteHeader } = await import('./site-header');
  const { renderPage } = await import('@web/testing/render-page');
  return renderPage(<SiteHeader user={member} messagesLink={null} notificationsMenu={null} />);
}

/** Chromium's install offer, as the browser fires it. */
function offerInstall() {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome: 'accepted' as const }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

function onAppleTouchDevice() {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1',
  );
}

async function openSideMenu(user: Awaited<ReturnType<typeof renderHeader>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  return screen.findByRole('navigation', { name: 'Mobile' });
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
  Reflect.deleteProperty(navigator, 'maxTouchPoints');
});

describe('Install app in the account menus', () => {
  it('is not offered while the browser makes no install offer', async () => {
    const { user } = await renderHeader();
    const menu = await openSideMenu(user);
    expect(within(menu).queryByRole('button', { name: 'Install app' })).toBeNull();
  });

  it("opens the browser's install dialog from the side menu once the browser offers it, and goes away after", async () => {
    const { user } = await renderHeader();
    const event = offerInstall();
    // the browser's own banner is held back: the menu offers it
    expect(event.defaultPrevented).toBe(true);
    const menu = await openSideMenu(user);
    await user.click(within(menu).getByRole('button', { name: 'Install app' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull());
  });

  it('opens it from the desktop account menu too', async () => {
    const { user } = await renderHeader();
    const event = offerInstall();
    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Install app' }));
    expect(event.prompt).toHaveBeenCalledOnce();
  });

  it('shows an iPhone how to add the app to the Home Screen, in place in the side menu', async () => {
    onAppleTouchDevice();
    const { user } = await renderHeader();
    const menu = await openSideMenu(user);
    const entry = within(menu).getByRole('button', { name: 'Install app' });
    expect(entry.getAttribute('aria-expanded')).toBe('false');
    await user.click(entry);
    expect(entry.getAttribute('aria-expanded')).toBe('true');
    expect(menu.textContent).toMatch(/Tap Share .*Add to Home Screen/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the steps in a dialog from the desktop account menu (an iPad)', async () => {
    // iPadOS says it is a Mac, one with a touch screen
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15',
    );
    Object.defineProperty(navigator, 'maxTouchPoints', { value: 5, configurable: true });
    const { user } = await renderHeader();
    // opened from the keyboard: Headless UI opens a menu on a touch screen's tap, not on a click
    screen.getByRole('button', { name: 'Open user menu' }).focus();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open user menu' }).getAttribute('aria-haspopup')).toBe('menu'),
    );
    screen.getByRole('button', { name: 'Open user menu' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Install app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Install Tend on this device' });
    expect(dialog.textContent).toMatch(/Add to Home Screen/);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers nothing inside the installed app', async () => {
    onAppleTouchDevice();
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        matches: query === '(display-mode: standalone)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }),
    });
    const { user } = await renderHeader();
    offerInstall();
    const menu = await openSideMenu(user);
    expect(within(menu).queryByRole('button', { name: 'Install app' })).toBeNull();
  });
});
