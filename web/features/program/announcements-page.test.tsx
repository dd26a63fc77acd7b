// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { AnnouncementsPage } from './announcements-page';
import type { Answer } from '@web/testing/route-fetch';
import { OTHER_TIER_ID, renderProgramScreen, routeFetch, sentTo, TIER_ID } from './testing/program-fixtures';

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = '/program/announcements';
const audience = {
  all: 4,
  tiers: [
    { _id: TIER_ID, name: 'Morning Calm', recipientCount: 3 },
    { _id: OTHER_TIER_ID, name: 'Empty Course', recipientCount: 0 },
  ],
};
const past = {
  _id: 'a1',
  tierId: null,
  tierName: null,
  subject: 'Welcome, everyone',
  body: 'Hi',
  recipientCount: 4,
  createdAt: '2026-11-20T09:30:00.000Z',
};

describe('AnnouncementsPage', () => {
  it('previews, tests and sends to the chosen plan, with a confirm, then says how many it went to', async () => {
    const fetchMock = routeFetch(
      {
        'GET app/announcement/audience': { status: 200, body: audience },
        'GET app/announcement': { status: 200, body: [past] },
        'POST app/announcement/preview': {
          status: 200,
          body: { html: '<p style="color:red">Rendered mail</p>', text: 'Rendered mail' },
        },
        'POST app/announcement/test': { status: 200, body: { sentTo: 'maya@example.test' } },
        'POST app/announcement': (body) => ({
          status: 200,
          body: { ...past, _id: 'a2', ...(body as object), tierName: 'Morning Calm', recipientCount: 3 },
        }),
      },
      { ignoreQuery: true },
    );
    const { user } = renderProgramScreen(<AnnouncementsPage />, PATH, PATH);

    // the past one, with its count
    expect(await screen.findByText('Welcome, everyone')).toBeTruthy();
    expect(screen.getByText('Sent to 4 members')).toBeTruthy();

    const audienceSelect = await screen.findByRole('combobox', { name: /Send to/ });
    expect(screen.getByRole('button', { name: 'Send to 4 members' })).toBeTruthy();
    await user.selectOptions(audienceSelect, 'Morning Calm (3 members)');
    expect(screen.getByRole('button', { name: 'Send to 3 members' })).toBeTruthy();

    // nothing goes out while the form is incomplete
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Write a subject')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/announcement/preview', { ignoreQuery: true })).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Subject/ }), 'Retreat in May');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'We meet **at dawn**');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const frame = (await screen.findByTitle('Preview of the email “Retreat in May”')) as HTMLIFrameElement;
    // nothing runs in the frame; the styles wait aside for CSSOM (the page's CSP drops style attributes)
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin');
    expect(frame.getAttribute('srcdoc')).toContain('<p data-mail-style="color:red">Rendered mail</p>');

    await user.click(screen.getByRole('button', { name: 'Send a test to yourself' }));
    expect((await screen.findByText(/Test sent to maya@example.test/)).getAttribute('role')).toBe('status');
    expect(sentTo(fetchMock, 'POST app/announcement/test', { ignoreQuery: true })).toEqual([
      { tierId: TIER_ID, subject: 'Retreat in May', body: 'We meet **at dawn**' },
    ]);
    expect(sentTo(fetchMock, 'POST app/announcement', { ignoreQuery: true })).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send to 3 members' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/goes to the members of Morning Calm/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send to 3 members' }));
    expect(await screen.findByText('Sent to 3 members.')).toBeTruthy();
    expect(sentTo(fetchMock, 'POST app/announcement', { ignoreQuery: true })).toEqual([
      { tierId: TIER_ID, subject: 'Retreat in May', body: 'We meet **at dawn**' },
    ]);
    expect((screen.getByRole('textbox', { name: /Subject/ }) as HTMLInputElement).value).toBe('');
  }, 20_000);

  it('cancelling the confirm sends nothing; a plan with no members cannot be sent to', async () => {
    const fetchMock = routeFetch(
      {
        'GET app/announcement/audience': { status: 200, body: audience },
        'GET app/announcement': { status: 200, body: [] },
      },
      { ignoreQuery: true },
    );
    const { user } = renderProgramScreen(<AnnouncementsPage />, PATH, PATH);
    expect(await screen.findByText('No announcements yet')).toBeTruthy();
    await user.type(await screen.findByRole('textbox', { name: /Subject/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /Message/ }), 'Body');
    await user.click(screen.getByRole('button', { name: 'Send to 4 members' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    // the dialog (whose confirm button says 'Send to N members' too) is gone before going on
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentTo(fetchMock, 'POST app/announcement', { ignoreQuery: true })).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: /Send to/ }), 'Empty Course (0 members)');
    expect((screen.getByRole('button', { name: 'Send to 0 members' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Nobody subscribes to this plan yet/)).toBeTruthy();
  }, 20_000);

  it('pages older announcements: a failed page says so and offers Try again; focus lands on the first one loaded', async () => {
    const older = { ...past, _id: 'a0', subject: 'Our first week', createdAt: '2026-11-01T09:30:00.000Z' };
    const pages: Answer[] = [
      { status: 200, body: [past], headers: { 'next-cursor': 'c2' } },
      { status: 500, body: { error: 'internal_error', message: 'x' } },
      { status: 200, body: [older] },
    ];
    routeFetch(
      {
        'GET app/announcement/audience': { status: 200, body: audience },
        'GET app/announcement': () => pages.shift()!,
      },
      { ignoreQuery: true },
    );
    const { user } = renderProgramScreen(<AnnouncementsPage />, PATH, PATH);
    expect(await screen.findByText('Welcome, everyone')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show older announcements' }));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not load older announcements.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Our first week')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show older announcements|Try again/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Our first week').closest('li')));
  });

  it('shows a way to try again when the plans cannot be loaded', async () => {
    routeFetch(
      {
        'GET app/announcement/audience': { status: 500, body: { error: 'internal_error', message: 'x' } },
        'GET app/announcement': { status: 200, body: [] },
      },
      { ignoreQuery: true },
    );
    renderProgramScreen(<AnnouncementsPage />, PATH, PATH);
    expect(await screen.findByText('We could not load your plans.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
