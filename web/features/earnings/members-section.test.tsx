// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '@web/testing/render-page';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { MembersSection } from './members-section';
import { buildMember, COURSE_ID, fetchedPaths, MORNING_ID, routeFetch } from './testing/earnings-fixtures';

resetPageBetweenTests({ token: 'session-token' });

const TIERS = [
  { _id: MORNING_ID, name: 'Morning Circle' },
  { _id: COURSE_ID, name: 'Evening Course' },
];
const renderSection = (url = '/dashboard', tiers: typeof TIERS | undefined = TIERS) =>
  renderPage(<MembersSection tiers={tiers} />, { path: '/dashboard', url });

const ana = buildMember();
const eve = buildMember({
  _id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  member: { _id: 'e1', name: 'Eve Stone' },
  status: 'ending',
  endsOn: '2027-03-01T12:00:00.000Z',
  paidToDate: 120,
  startDate: '2026-01-02',
});
const cal = buildMember({
  _id: 'd1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  member: { _id: 'c1', name: 'Cal Reed' },
  tier: { _id: COURSE_ID, name: 'Evening Course', type: 'single' },
  interval: null,
  status: 'cancelled',
  paidToDate: 0,
});

/** Each row as its cells' texts, phone labels left out. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((c) =>
        [...c.childNodes]
          .filter((n) => !(n instanceof HTMLElement && n.getAttribute('aria-hidden')))
          .map((n) => n.textContent)
          .join(''),
      ),
    );

describe('Members', () => {
  it('lists each member with tier, interval, start, status and paid to date', async () => {
    routeFetch({ 'app/facilitator/members?limit=25': { status: 200, body: { members: [ana, eve, cal], next: null } } });
    renderSection();
    const table = await screen.findByRole('table', { name: 'Members of all your tiers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Member', 'Tier', 'Interval', 'Start', 'Status', 'Paid to date']);
    expect(rowsOf(table)).toEqual([
      ['Ana Lima', 'Morning Circle', 'Annually', '03/14/2026', 'Active', '$240'],
      ['Eve Stone', 'Morning Circle', 'Annually', '01/02/2026', 'Ends on 03/01/2027', '$120'],
      ['Cal Reed', 'Evening Course', 'One-off', '03/14/2026', 'Cancelled', '$0'],
    ]);
    expect(screen.getByText('Showing 3 members')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more members' })).toBeNull();
  });

  it('marks complimentary access, which pays nothing', async () => {
    const gift = buildMember({ isComplimentary: true, isFree: true, paidToDate: 0 });
    routeFetch({ 'app/facilitator/members?limit=25': { status: 200, body: { members: [gift], next: null } } });
    renderSection();
    const table = await screen.findByRole('table', { name: 'Members of all your tiers' });
    expect(rowsOf(table)).toEqual([
      ['Ana Lima', 'Morning Circle', 'Annually', '03/14/2026', 'ActiveComplimentary', 'Complimentary'],
    ]);
  });

  it('marks a claimed gift as Gift (its payment was the giver’s)', async () => {
    const claimed = buildMember({ isGift: true, isFree: true, paidToDate: 0 });
    routeFetch({ 'app/facilitator/members?limit=25': { status: 200, body: { members: [claimed], next: null } } });
    renderSection();
    const table = await screen.findByRole('table', { name: 'Members of all your tiers' });
    expect(rowsOf(table)).toEqual([['Ana Lima', 'Morning Circle', 'Annually', '03/14/2026', 'ActiveGift', 'Gift']]);
  });

  it('picks a tier with the Tier select, and keeps it in the address', async () => {
    const fetchMock = routeFetch({
      'app/facilitator/members?limit=25': { status: 200, body: { members: [ana, cal], next: null } },
      [`app/facilitator/members?limit=25&tierId=${COURSE_ID}`]: { status: 200, body: { members: [cal], next: null } },
    });
    const { user } = renderSection();
    await screen.findByRole('table', { name: 'Members of all your tiers' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tier' }), 'Evening Course');
    const table = await screen.findByRole('table', { name: 'Members of Evening Course' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Cal Reed']);
    expect(screen.getByRole('button', { name: 'Download CSV of the members of Evening Course' })).toBeTruthy();
    expect(fetchedPaths(fetchMock)).toEqual([
      'app/facilitator/members?limit=25',
      `app/facilitator/members?limit=25&tierId=${COURSE_ID}`,
    ]);
  });

  it('opens on the tier in the address', async () => {
    const fetchMock = routeFetch({
      [`app/facilitator/members?limit=25&tierId=${MORNING_ID}`]: { status: 200, body: { members: [ana], next: null } },
    });
    renderSection(`/dashboard?tier=${MORNING_ID}`);
    expect(await screen.findByRole('table', { name: 'Members of Morning Circle' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Tier' }) as HTMLSelectElement).value).toBe(MORNING_ID);
    expect(fetchedPaths(fetchMock)).toEqual([`app/facilitator/members?limit=25&tierId=${MORNING_ID}`]);
  });

  it('shows more members a page at a time', async () => {
    routeFetch({
      'app/facilitator/members?limit=25': { status: 200, body: { members: [ana, eve], next: 'page-2' } },
      'app/facilitator/members?limit=25&cursor=page-2': { status: 200, body: { members: [cal], next: null } },
    });
    const { user } = renderSection();
    await screen.findByText('Showing 2 members');
    await user.click(screen.getByRole('button', { name: 'Show more members' }));
    expect(await screen.findByText('Showing 3 members')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more members' })).toBeNull();
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Ana Lima', 'Eve Stone', 'Cal Reed']);
  });

  it('keeps the members shown when the next page fails, says so and offers Try again', async () => {
    const secondPage = [
      { status: 500, body: { error: 'internal_error', message: 'x' } },
      { status: 200, body: { members: [cal], next: null } },
    ];
    routeFetch({
      'app/facilitator/members?limit=25': { status: 200, body: { members: [ana, eve], next: 'page-2' } },
      'app/facilitator/members?limit=25&cursor=page-2': () => secondPage.shift()!,
    });
    const { user } = renderSection();
    await screen.findByText('Showing 2 members');
    await user.click(screen.getByRole('button', { name: 'Show more members' }));
    expect((await screen.findByRole('alert')).textContent).toBe('We could not load more members.');
    expect(screen.getByText('Showing 2 members')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 3 members')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when a tier has no members yet', async () => {
    routeFetch({
      [`app/facilitator/members?limit=25&tierId=${MORNING_ID}`]: { status: 200, body: { members: [], next: null } },
    });
    renderSection(`/dashboard?tier=${MORNING_ID}`);
    expect(await screen.findByText('No members yet')).toBeTruthy();
    expect(screen.getByText('When members subscribe to Morning Circle, they show here.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers to try again when the members cannot be loaded', async () => {
    let fail = true;
    routeFetch({
      'app/facilitator/members?limit=25': () =>
        fail
          ? { status: 500, body: { error: 'internal_error', message: 'Something went wrong' } }
          : { status: 200, body: { members: [ana], next: null } },
    });
    const { user } = renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load your members.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('downloads the CSV with the bearer token and the name the server gives', async () => {
    const csv = '\uFEFF"Member"\r\n"Ana Lima"\r\n';
    const fetchMock = vi.fn(async (url: string) =>
      String(url).includes('members.csv')
        ? new Response(csv, {
            status: 200,
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="members-morning-circle-2026-11-24.csv"',
            },
          })
        : new Response(JSON.stringify({ members: [ana], next: null }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:members');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = renderSection(`/dashboard?tier=${MORNING_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Download CSV of the members of Morning Circle' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('members.csv')) as unknown as [
      string,
      RequestInit,
    ];
    expect(url).toBe(`/api/app/facilitator/members.csv?tierId=${MORNING_ID}`);
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer session-token');
    expect(clicked[0]!.download).toBe('members-morning-circle-2026-11-24.csv');
    expect(clicked[0]!.href).toBe('blob:members');
    // the file as the server sent it, byte-order mark included
    const saved = new Uint8Array(await createObjectURL.mock.calls[0]![0].arrayBuffer());
    expect(Array.from(saved)).toEqual(Array.from(new TextEncoder().encode(csv)));
  });
});
