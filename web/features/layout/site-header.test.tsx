// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import type { SignedInUser } from '@web/features/session/roles';
import { SiteHeader } from './site-header';

resetPageBetweenTests({ token: 'member-token' });

const member = { isLoggedIn: true, streak: 1, _id: 'u1', name: 'Ada Member' } as SignedInUser;

const renderHeader = () => renderPage(<SiteHeader user={member} messagesLink={null} notificationsMenu={null} />);

describe('the header’s side menu (below md), loaded on first use', () => {
  it('is not in the page until asked for; the button opens it, Escape closes it and focus goes back', async () => {
    const { user } = renderHeader();
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    const menu = await screen.findByRole('dialog', { name: /Menu/ });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeTruthy();
    expect(menu.textContent).toContain('Ada Member');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('opens from the keyboard too (focus loads it, Enter opens it)', async () => {
    const { user } = renderHeader();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: /Menu/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' })));
  });
});
