// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { ServerListQuery, ServerPage } from '@common/admin/schemas';
import { api } from '@web/api/client';
import { DataTable, serverListPath } from './index';
import { captureDownloads } from './testing/capture-downloads';
import { fakeKeysetServer } from './testing/fake-keyset-server';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

type Person = { _id: string; name: string; email: string };
/** p01…pNN; unsorted, the server answers newest (highest id) first. */
const buildPeople = (count: number): Person[] =>
  Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return { _id: `p${n}`, name: `Person ${n}`, email: `person${n}@tend.demo` };
  });

const col = createColumnHelper<Person>();
const columns = [col.accessor('name', { header: 'Name' }), col.accessor('email', { header: 'Email' })];
const fetchPeople = async (query: ServerListQuery) =>
  (await api.call<ServerPage<Person>>(serverListPath('people', query)))!;

function renderServerTable(people: Person[], options?: Parameters<typeof fakeKeysetServer>[2]) {
  const server = fakeKeysetServer('people', people, options);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <DataTable
        label="People"
        columns={columns}
        getRowId={(p) => p._id}
        server={{ queryKey: ['people'], fetchPage: fetchPeople }}
        csv={{ fileName: 'people', headerRow: true }}
      />
    </QueryClientProvider>,
  );
  return { ...server, user: userEvent.setup() };
}

const firstName = () => within(screen.getByRole('table', { name: 'People' })).getAllByRole('row')[1].textContent;
const last = (list: string[]) => list[list.length - 1];

describe('DataTable in server mode (keyset pages)', () => {
  it('asks for the first page, then after the next cursor and before the previous one', async () => {
    const { user, requests } = renderServerTable(buildPeople(35));
    expect(await screen.findByText('Page 1 of 4')).toBeTruthy();
    expect(requests()).toEqual(['people?limit=10']);
    expect(firstName()).toContain('Person 0035');
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(firstName()).toContain('Person 0025'));
    expect(last(requests())).toBe('people?limit=10&after=p0026');
    expect(screen.getByText('Page 2 of 4')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(firstName()).toContain('Person 0035'));
    expect(last(requests())).toBe('people?limit=10&before=p0025');
    expect(screen.getByText('Page 1 of 4')).toBeTruthy();
    expect(previous.disabled).toBe(true);
  });

  it('reaches the last page with Next disabled there', async () => {
    const { user } = renderServerTable(buildPeople(35));
    const next = (await screen.findByRole('button', { name: 'Next' })) as HTMLButtonElement;
    for (const page of [2, 3, 4]) {
      await waitFor(() => expect(next.disabled).toBe(false));
      await user.click(next);
      expect(await screen.findByText(`Page ${page} of 4`)).toBeTruthy();
    }
    await waitFor(() => expect(firstName()).toContain('Person 0005'));
    expect(next.disabled).toBe(true);
  });

  it('sorts on the server and starts again at the first page', async () => {
    const { user, requests } = renderServerTable(buildPeople(35));
    await screen.findByText('Page 1 of 4');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 4');

    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(last(requests())).toBe('people?limit=10&sort=email&dir=asc'));
    await waitFor(() => expect(firstName()).toContain('Person 0001'));
    expect(screen.getByText('Page 1 of 4')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Email' }).getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(last(requests())).toBe('people?limit=10&sort=email&dir=desc'));
  });

  it('starts again at the first page when the view returns to an earlier one, not at its old cursor', async () => {
    const { user, requests } = renderServerTable(buildPeople(35));
    await screen.findByText('Page 1 of 4');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 4');
    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    await user.selectOptions(size, '20');
    await screen.findByText('Page 1 of 2');
    await user.selectOptions(size, '10');
    await waitFor(() => expect(firstName()).toContain('Person 0035'));
    expect(screen.getByText('Page 1 of 4')).toBeTruthy();
    expect(last(requests())).toBe('people?limit=10');

    // asc -> desc -> unsorted is the view the page was turned in, too
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 4');
    for (let click = 0; click < 3; click++) await user.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(firstName()).toContain('Person 0035'));
    expect(screen.getByText('Page 1 of 4')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the page number true to the cursors while the count lags the rows', async () => {
    // ten sign-ups the cached count (5 s) has not seen yet: 25 rows, counted 15
    const { user } = renderServerTable(buildPeople(25), { total: () => 15 });
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();

    await user.click(next);
    await waitFor(() => expect(firstName()).toContain('Person 0015'));
    // Next is on, so this is not the last page
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await user.click(next);
    await waitFor(() => expect(firstName()).toContain('Person 0005'));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(next.disabled).toBe(true);

    await user.click(previous);
    await waitFor(() => expect(firstName()).toContain('Person 0015'));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    // the first page is still one step back
    await waitFor(() => expect(previous.disabled).toBe(false));
    await user.click(previous);
    await waitFor(() => expect(firstName()).toContain('Person 0025'));
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(previous.disabled).toBe(true);
  });

  it('asks for a new page size from the first page', async () => {
    const { user, requests } = renderServerTable(buildPeople(35));
    await screen.findByText('Page 1 of 4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '20');
    await waitFor(() => expect(last(requests())).toBe('people?limit=20'));
    expect(await screen.findByText('Page 1 of 2')).toBeTruthy();
  });

  it('sends the search once typing pauses', async () => {
    const { user, requests } = renderServerTable(buildPeople(35));
    await screen.findByText('Page 1 of 4');
    await user.type(screen.getByRole('searchbox', { name: 'Search People' }), '0012');
    await waitFor(() => expect(last(requests())).toBe('people?limit=10&search=0012'));
    // only the settled text was sent, not every keystroke
    expect(requests().filter((r) => r.includes('search='))).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('exports every matching row by walking the pages at the largest size', async () => {
    const downloads = captureDownloads();
    const { user, requests } = renderServerTable(buildPeople(1201));
    await screen.findByText('Page 1 of 121');
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(requests().slice(1)).toEqual([
      'people?limit=500',
      'people?limit=500&after=p0702',
      'people?limit=500&after=p0202',
    ]);
    const lines = downloads[0].text.split('\r\n');
    expect(lines[0]).toBe('"Name","Email"');
    expect(lines[1]).toBe('"Person 1201","person1201@tend.demo"');
    expect(lines).toHaveLength(1201 + 2);
  });
});
