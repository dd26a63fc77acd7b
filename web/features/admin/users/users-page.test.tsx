// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ADMIN_MESSAGES } from '@common/admin/schemas';
import {
  buildUsers,
  captureDownloads,
  fakeKeysetServer,
  renderPage,
  resetPageBetweenTests,
  withoutAnimations,
} from '../testing/list-fixtures';
import { UsersPage } from './users-page';

resetPageBetweenTests({ token: 'admin-token' });
withoutAnimations();

const openUsers = () => renderPage(<UsersPage />, { path: '/admin' });
const table = () => screen.getByRole('table', { name: 'Users' });

describe('UsersPage', () => {
  it("shows the headline, Email, Username, Facilitator, Edit and Delete, 'Add User', and no search box", async () => {
    fakeKeysetServer('admin/user', buildUsers(3));
    openUsers();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    await screen.findByText('user0003@tend.demo');
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Email', 'Username', 'Facilitator', 'Edit', 'Delete']);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Add User' }).getAttribute('href')).toBe('/admin/manage-user/new');
    expect(screen.getByRole('link', { name: 'Edit user0003@tend.demo' }).getAttribute('href')).toBe(
      '/admin/manage-user/u0003',
    );
    const facilitatorRow = screen.getByText('user0003@tend.demo').closest('tr')!;
    expect(within(facilitatorRow).getByText('Yes')).toBeTruthy();
  });

  it("pages through 35 users from the server: 'Page 1 of 4', then the next page", async () => {
    const { requests } = fakeKeysetServer('admin/user', buildUsers(35));
    const { user } = openUsers();
    expect(await screen.findByText('Page 1 of 4')).toBeTruthy();
    expect(requests()).toEqual(['admin/user?limit=10']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('user0025@tend.demo')).toBeTruthy();
    expect(screen.getByText('Page 2 of 4')).toBeTruthy();
    expect(requests()[1]).toBe('admin/user?limit=10&after=u0026');
  });

  it('deletes a user after confirmation: DELETE, the list reloads, the dialog closes', async () => {
    const { requests, deletes } = fakeKeysetServer('admin/user', buildUsers(3));
    const { user } = openUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete user0002@tend.demo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You Sure?' });
    expect(dialog.textContent).toContain('This action cannot be undone');
    expect(dialog.textContent).toContain('user0002@tend.demo');
    const loadsBefore = requests().length;

    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletes()).toEqual(['admin/user/u0002']);
    expect(requests().length).toBeGreaterThan(loadsBefore);
    expect(screen.queryByText('user0002@tend.demo')).toBeNull();
    expect(screen.getByText('user0001@tend.demo')).toBeTruthy();
  });

  it('deleting the last row of the last page shows the last page the server answers instead, numbered as such', async () => {
    fakeKeysetServer('admin/user', buildUsers(31));
    const { user } = openUsers();
    await screen.findByText('Page 1 of 4');
    for (const page of [2, 3, 4]) {
      await waitFor(() =>
        expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false),
      );
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByText(`Page ${page} of 4`);
    }
    await user.click(await screen.findByRole('button', { name: 'Delete user0001@tend.demo' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    expect(await screen.findByText('user0011@tend.demo')).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('user0021@tend.demo')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it("moves focus to the Delete button of the row that took the deleted one's place", async () => {
    fakeKeysetServer('admin/user', buildUsers(3));
    const { user } = openUsers();
    (await screen.findByRole('button', { name: 'Delete user0002@tend.demo' })).focus();
    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete user0001@tend.demo' })),
    );

    // the last row's goes to the new last row
    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete user0003@tend.demo' })),
    );
  });

  it('Cancel closes the dialog without deleting', async () => {
    const { deletes } = fakeKeysetServer('admin/user', buildUsers(3));
    const { user } = openUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete user0001@tend.demo' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deletes()).toEqual([]);
    expect(screen.getByText('user0001@tend.demo')).toBeTruthy();
  });

  it("keeps the dialog open with the server's reason when the delete is refused", async () => {
    const { deletes } = fakeKeysetServer('admin/user', buildUsers(3), {
      remove: () => ({ status: 400, body: { error: 'delete_self', message: ADMIN_MESSAGES.deleteSelf } }),
    });
    const { user } = openUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete user0001@tend.demo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are You Sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(ADMIN_MESSAGES.deleteSelf);
    expect(screen.getByRole('alertdialog', { name: 'Are You Sure?' })).toBeTruthy();
    expect(deletes()).toEqual(['admin/user/u0001']);
    // the page behind the open dialog is hidden from the accessibility tree, not gone
    expect(
      within(screen.getByRole('table', { name: 'Users', hidden: true })).getByText('user0001@tend.demo'),
    ).toBeTruthy();
  });

  it('opens the edit page when a row is clicked', async () => {
    fakeKeysetServer('admin/user', buildUsers(3));
    const { user } = openUsers();
    await user.click((await screen.findAllByText('user0002'))[0]!);
    expect(screen.getByTestId('location').textContent).toBe('/admin/manage-user/u0002');
  });

  it('exports every user as CSV with a header row', async () => {
    const downloads = captureDownloads();
    const { requests } = fakeKeysetServer('admin/user', buildUsers(3));
    const { user } = openUsers();
    await screen.findByText('user0003@tend.demo');
    await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(requests()).toContain('admin/user?limit=500');
    expect(downloads[0].name).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(downloads[0].text).toBe(
      '"Email","Username","Facilitator"\r\n' +
        '"user0003@tend.demo","user0003","Yes"\r\n"user0002@tend.demo","user0002","No"\r\n"user0001@tend.demo","user0001","No"\r\n',
    );
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const { fetchMock } = fakeKeysetServer('admin/user', buildUsers(3));
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 500, statusText: 'Internal Server Error' }));
    const { user } = openUsers();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the users.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('user0001@tend.demo')).toBeTruthy();
  });
});
