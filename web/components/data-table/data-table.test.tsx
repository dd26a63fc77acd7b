// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable, type ClientTableProps } from './data-table';
import { captureDownloads } from './testing/capture-downloads';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

type Person = { _id: string; name: string; email: string; age: number };
const NAMES = ['Maya', 'Ada', 'Zed', 'Lin', 'Omar', 'Bea', 'Kai', 'Noor', 'Ivo', 'Ruth', 'Sam', 'Tove'];
/** 25 people: Maya1, Ada2, …, with ages 20–44. */
const people: Person[] = Array.from({ length: 25 }, (_, i) => ({
  _id: `p${i + 1}`,
  name: `${NAMES[i % NAMES.length]}${i + 1}`,
  email: `person${i + 1}@tend.demo`,
  age: 20 + i,
}));

const col = createColumnHelper<Person>();
const columns = [
  col.accessor('name', { header: 'Name' }),
  col.accessor('email', { header: 'Email', enableSorting: false }),
  col.accessor('age', { header: 'Age', meta: { align: 'right' } }),
  col.display({
    id: 'edit',
    header: 'Edit',
    cell: ({ row }) => <button type="button">Edit {row.original.name}</button>,
  }),
];

function renderTable(props: Partial<ClientTableProps<Person>> = {}) {
  const user = userEvent.setup();
  render(<DataTable label="People" columns={columns} data={people} getRowId={(p) => p._id} {...props} />);
  return { user };
}

/** The first cell of every body row. */
const firstCells = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('DataTable in client mode', () => {
  it('sorts by a column header, toggling ascending and descending, and marks the header', async () => {
    const { user } = renderTable();
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(firstCells()[0]).toBe('Maya1');

    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    // natural order: Ada2 before Ada14
    expect(firstCells().slice(0, 3)).toEqual(['Ada2', 'Ada14', 'Bea6']);

    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(firstCells()[0]).toBe('Zed15');
  });

  it('has no sort button on columns that do not sort', () => {
    renderTable();
    const email = screen.getByRole('columnheader', { name: 'Email' });
    expect(within(email).queryByRole('button')).toBeNull();
    expect(email.hasAttribute('aria-sort')).toBe(false);
  });

  it('filters with the search box once typing pauses, and says when nothing matches', async () => {
    const { user } = renderTable();
    const search = screen.getByRole('searchbox', { name: 'Search People' });
    expect(search.getAttribute('placeholder')).toBe('Search...');

    await user.type(search, 'zed');
    // debounced: the list has not changed yet
    expect(firstCells()).toHaveLength(10);
    await waitFor(() => expect(firstCells()).toEqual(['Zed3', 'Zed15']));
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();

    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('No matches found')).toBeTruthy();
  });

  it('can hide the search box', () => {
    renderTable({ searchable: false });
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it("pages with Previous and Next, disabled at the ends, under 'Page N of M'", async () => {
    const { user } = renderTable();
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(previous.disabled).toBe(true);

    await user.click(next);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(firstCells()[0]).toBe('Sam11');
    await user.click(next);
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(firstCells()).toHaveLength(5);
    expect(next.disabled).toBe(true);

    await user.click(previous);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('stays on its page when a row goes, and steps back when the page empties', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<DataTable label="People" columns={columns} data={people} getRowId={(p) => p._id} />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    rerender(<DataTable label="People" columns={columns} data={people.slice(1)} getRowId={(p) => p._id} />);
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    rerender(<DataTable label="People" columns={columns} data={people.slice(5)} getRowId={(p) => p._id} />);
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(firstCells()[0]).toBe('Lin16');
  });

  it('offers page sizes 10 to 50, 10 first, and a new size starts at page one', async () => {
    const { user } = renderTable();
    const size = screen.getByRole('combobox', { name: 'Rows per page' }) as HTMLSelectElement;
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '30', '40', '50']);
    expect(size.value).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(size, '20');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(firstCells()).toHaveLength(20);
  });

  it('exports the data columns of every matching row as CSV, in the order shown', async () => {
    const downloads = captureDownloads();
    const { user } = renderTable({ csv: { fileName: 'people', headerRow: true } });
    await user.click(within(screen.getByRole('columnheader', { name: 'Age' })).getByRole('button'));
    await user.click(within(screen.getByRole('columnheader', { name: 'Age' })).getByRole('button'));
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    const [file] = downloads;
    expect(file.name).toMatch(/^people-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.bytes.slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.text.split('\r\n');
    expect(lines[0]).toBe('"Name","Email","Age"');
    // oldest first, as sorted on screen
    expect(lines[1]).toBe('"Maya25","person25@tend.demo","44"');
    expect(lines).toHaveLength(people.length + 2);
    expect(file.text).not.toContain('Edit');
  });

  it('calls the row handler on a row click, but not for the buttons inside the row', async () => {
    const onRowClick = vi.fn();
    const { user } = renderTable({ onRowClick });
    await user.click(screen.getByRole('cell', { name: 'person2@tend.demo' }));
    expect(onRowClick).toHaveBeenCalledWith(people[1]);
    expect(screen.getByRole('cell', { name: 'person2@tend.demo' }).closest('tr')?.className).toContain(
      'cursor-pointer',
    );

    await user.click(screen.getByRole('button', { name: 'Edit Ada2' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });

  it('shows loading rows, the empty text, and a load failure with a retry', async () => {
    const onRetry = vi.fn();
    const { user } = renderTable({ data: undefined });
    expect(screen.getByRole('status').textContent).toContain('Loading People');
    cleanup();

    renderTable({ data: [], emptyText: 'No tiers available' });
    expect(screen.getByText('No tiers available')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    cleanup();

    renderTable({ data: undefined, isError: true, onRetry, loadErrorText: 'We could not load the people.' });
    expect(screen.getByRole('alert').textContent).toContain('We could not load the people.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
