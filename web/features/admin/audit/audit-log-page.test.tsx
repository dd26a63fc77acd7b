// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntryAnswer } from '@common/admin/schemas';
import { captureDownloads, renderPage, resetPageBetweenTests, routeFetch } from '../testing/list-fixtures';
import { AuditLogPage } from './audit-log-page';

resetPageBetweenTests({ token: 'admin-token' });

const entry = (n: number, overrides: Partial<AuditEntryAnswer>): AuditEntryAnswer => ({
  _id: `a${n}`,
  admin: { _id: 'admin1', email: 'admin@tend.demo' },
  action: 'update',
  targetType: 'tag',
  targetId: `t${n}`,
  targetName: null,
  names: {},
  details: {},
  date: `2026-11-2${n}T10:00:00.000Z`,
  ...overrides,
});
const entries = [
  entry(3, { action: 'delete', details: { text: 'Yoga' } }),
  entry(2, { action: 'update', details: { from: 'Breath', to: 'Breathwork', count: 2 } }),
  entry(1, {
    action: 'create',
    admin: { _id: null, email: 'former@tend.demo' },
    targetId: null,
    targetType: 'settings',
  }),
];

describe('AuditLogPage', () => {
  it('lists Date, Admin, Action, Target and Details, newest first', async () => {
    routeFetch({ 'GET admin/audit?limit=200': { status: 200, body: entries } });
    renderPage(<AuditLogPage />, { path: '/admin/audit' });
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    await within(table).findByText('from: Breath, to: Breathwork, count: 2');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Admin', 'Action', 'Target', 'Details']);
    expect(within(table).getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toContain('text: Yoga');
    expect(rows[2].textContent).toContain('former@tend.demo');
  });

  it('names the target and the ids in the details instead of showing raw ids', async () => {
    const named = entry(4, {
      action: 'delete',
      targetType: 'post',
      targetId: 'p-1',
      targetName: 'A long walk',
      names: { 'g-1': 'Walkers', 'u-1': 'Maya Lind' },
      details: { group: 'g-1', author: 'u-1', text: 'A long walk' },
    });
    routeFetch({ 'GET admin/audit?limit=200': { status: 200, body: [named] } });
    renderPage(<AuditLogPage />, { path: '/admin/audit' });
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    const row = (await within(table).findByText('group: Walkers, author: Maya Lind, text: A long walk')).closest('tr')!;
    expect(within(row).getByText('A long walk', { selector: 'span[title]' }).getAttribute('title')).toBe('p-1');
    expect(row.textContent).not.toContain('g-1');
  });

  it('searches the entries and exports them as CSV', async () => {
    const downloads = captureDownloads();
    routeFetch({ 'GET admin/audit?limit=200': { status: 200, body: entries } });
    const { user } = renderPage(<AuditLogPage />, { path: '/admin/audit' });
    await screen.findByText('text: Yoga');
    await user.type(screen.getByRole('searchbox', { name: 'Search Audit Log' }), 'former');
    await waitFor(() => expect(screen.queryByText('text: Yoga')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const [header, first, end] = downloads[0].text.split('\r\n');
    expect(header).toBe('"Date","Admin","Action","Target","Details"');
    expect(first).toMatch(/^"2026-11-21 \d\d:00","former@tend.demo","create","settings",""$/);
    expect(end).toBe('');
  });

  it('loads older entries after the oldest one shown, until there are no more', async () => {
    const page1 = Array.from({ length: 200 }, (_, i) =>
      entry(1, {
        _id: `n${i}`,
        targetId: `new-${i}`,
        date: new Date(Date.UTC(2026, 10, 22, 12, 0, 0) - i * 1000).toISOString(),
      }),
    );
    const older = [
      entry(1, { _id: 'o1', targetId: 'older-one', details: { text: 'Ancient' }, date: '2026-01-01T00:00:00.000Z' }),
    ];
    routeFetch({
      'GET admin/audit?limit=200': { status: 200, body: page1, headers: { 'next-cursor': 'after-oldest' } },
      'GET admin/audit?limit=200&cursor=after-oldest': { status: 200, body: older },
    });
    const { user } = renderPage(<AuditLogPage />, { path: '/admin/audit' });
    await screen.findByRole('table', { name: 'Audit Log' });
    await waitFor(() => expect(screen.getByText('Page 1 of 20')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    await waitFor(() => expect(screen.getByText('Page 1 of 21')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Load older entries' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search Audit Log' }), 'Ancient');
    expect(await screen.findByText('text: Ancient')).toBeTruthy();
  });
});
