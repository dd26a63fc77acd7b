// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { EmailPreferenceAnswer } from '@common/notifications/schemas';
import { NOTIFICATION_TYPE_INFO, NOTIFICATION_TYPES } from '@common/notifications/types';
import { renderPage } from '@web/testing/render-page';
import { buildProfile, renderSettings, routeFetch, sentTo } from './testing/settings-fixtures';
import { SettingsPage } from './settings-page';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What the server answers for a member who chose nothing: every type at its default. */
const defaults = (): EmailPreferenceAnswer[] =>
  NOTIFICATION_TYPES.map((type) => {
    const info = NOTIFICATION_TYPE_INFO[type];
    return { type, label: info.label, frequency: info.default, choices: [...info.choices], default: info.default };
  });

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('Settings: Email notifications', () => {
  it('shows one labelled choice per type, with only the choices it offers, at my current setting', async () => {
    routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'GET app/email-preferences': { status: 200, body: defaults() },
    });
    renderSettings();
    const section = await screen.findByRole('region', { name: 'Email notifications' });
    expect(section.id).toBe('email-notifications');
    const list = await within(section).findByRole('list', { name: 'Email notifications' });
    expect(within(list).getAllByRole('combobox')).toHaveLength(NOTIFICATION_TYPES.length);

    const messages = within(list).getByRole('combobox', { name: 'Direct messages while you are away' });
    expect((messages as HTMLSelectElement).value).toBe('immediately');
    expect(optionsOf(messages)).toEqual(['Immediately', 'Daily digest', 'Off']);
    const hearts = within(list).getByRole('combobox', { name: 'Hearts on your posts' });
    expect((hearts as HTMLSelectElement).value).toBe('off');
    // the practice mail has no digest
    expect(optionsOf(within(list).getByRole('combobox', { name: 'Your practice for today' }))).toEqual([
      'Immediately',
      'Off',
    ]);
  });

  it('saves a change at once and says so in a live region', async () => {
    let rows = defaults();
    const fetchMock = routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'GET app/email-preferences': () => ({ status: 200, body: rows }),
      'POST app/email-preferences': (body) => {
        const { type, frequency } = body as { type: string; frequency: EmailPreferenceAnswer['frequency'] };
        rows = rows.map((r) => (r.type === type ? { ...r, frequency } : r));
        return { status: 200, body: rows };
      },
    });
    const { user } = renderSettings();
    const hearts = await screen.findByRole('combobox', { name: 'Hearts on your posts' });
    await user.selectOptions(hearts, 'Immediately');

    expect(sentTo(fetchMock, 'POST app/email-preferences')).toEqual([{ type: 'heart', frequency: 'immediately' }]);
    const status = document.getElementById(hearts.getAttribute('aria-describedby')!)!;
    expect(status.getAttribute('aria-live')).toBe('polite');
    await vi.waitFor(() => expect(status.textContent).toBe('Saved'));
    expect((hearts as HTMLSelectElement).value).toBe('immediately');
  });

  it('puts the old choice back and says why when the save fails', async () => {
    routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'GET app/email-preferences': { status: 200, body: defaults() },
      'POST app/email-preferences': { status: 500, body: { error: 'internal_error', message: 'Something went wrong' } },
    });
    const { user } = renderSettings();
    const comments = await screen.findByRole('combobox', { name: 'Comments and replies on your posts' });
    await user.selectOptions(comments, 'Off');
    expect(await screen.findByText('Not saved. Something went wrong')).toBeTruthy();
    expect((comments as HTMLSelectElement).value).toBe('digest');
  });

  it('says when the settings cannot be loaded, with a retry', async () => {
    routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'GET app/email-preferences': { status: 500, body: { error: 'internal_error' } },
    });
    renderSettings();
    expect(await screen.findByText('We could not load your email settings.')).toBeTruthy();
  });

  it('scrolls to the section when opened from a mail (#email-notifications)', async () => {
    routeFetch({
      'GET app/profile': { status: 200, body: buildProfile() },
      'GET app/email-preferences': { status: 200, body: defaults() },
    });
    // jsdom has no scrolling: record the call, then put things back
    const original = Element.prototype.scrollIntoView;
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      renderPage(<SettingsPage />, { path: '/settings', url: '/settings#email-notifications' });
      await screen.findByRole('combobox', { name: 'Hearts on your posts' });
      await vi.waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
      expect(scrolled.mock.contexts[0]).toHaveProperty('id', 'email-notifications');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
