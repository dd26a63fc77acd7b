// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminTagAnswer } from '@common/admin/schemas';
import { renderPage, resetPageBetweenTests, routeFetch, sentTo, withoutAnimations } from '../testing/list-fixtures';
import { TagsPage } from './tags-page';

resetPageBetweenTests({ token: 'admin-token' });
withoutAnimations();

const tag = (n: number, text: string): AdminTagAnswer => ({
  _id: `7a9e0000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  text,
});
const tags = [tag(1, 'Breathwork'), tag(2, 'Meditation'), tag(3, 'Yoga')];
const openTags = () => renderPage(<TagsPage />, { path: '/admin/tags' });
const tagCells = () =>
  within(screen.getByRole('table', { name: 'Tags' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => (row as HTMLTableRowElement).cells[0].textContent);

describe('TagsPage', () => {
  it("lists Tag, Edit and Delete with 'Add Tag'", async () => {
    routeFetch({ 'GET admin/tag': { status: 200, body: tags } });
    openTags();
    expect(screen.getByRole('heading', { level: 1, name: 'Tags' })).toBeTruthy();
    await screen.findByText('Yoga');
    expect(
      within(screen.getByRole('table', { name: 'Tags' }))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Tag', 'Edit', 'Delete']);
    expect(screen.getByRole('link', { name: 'Add Tag' }).getAttribute('href')).toBe('/admin/manage-tag/new');
    expect(screen.getByRole('link', { name: 'Edit Yoga' }).getAttribute('href')).toBe(
      `/admin/manage-tag/${tags[2]._id}`,
    );
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('sorts and searches in the browser', async () => {
    routeFetch({ 'GET admin/tag': { status: 200, body: tags } });
    const { user } = openTags();
    await screen.findByText('Yoga');
    await user.click(screen.getByRole('button', { name: 'Tag' }));
    await user.click(screen.getByRole('button', { name: 'Tag' }));
    expect(tagCells()).toEqual(['Yoga', 'Meditation', 'Breathwork']);

    await user.type(screen.getByRole('searchbox', { name: 'Search Tags' }), 'med');
    await waitFor(() => expect(tagCells()).toEqual(['Meditation']));
    await user.type(screen.getByRole('searchbox', { name: 'Search Tags' }), 'xyz');
    expect(await screen.findByText('No tags match your search')).toBeTruthy();
  });

  it('deletes a tag after confirmation and reloads the list', async () => {
    let current = tags;
    const fetchMock = routeFetch({
      'GET admin/tag': () => ({ status: 200, body: current }),
      [`DELETE admin/tag/${tags[1]._id}`]: () => {
        current = tags.filter((t) => t !== tags[1]);
        return { status: 200, body: { deleted: true } };
      },
    });
    const { user } = openTags();
    await user.click(await screen.findByRole('button', { name: 'Delete Meditation' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentTo(fetchMock, `DELETE admin/tag/${tags[1]._id}`)).toHaveLength(1);
    expect(sentTo(fetchMock, 'GET admin/tag')).toHaveLength(2);
    expect(tagCells()).toEqual(['Breathwork', 'Yoga']);
  });

  it('says when there are no tags yet', async () => {
    routeFetch({ 'GET admin/tag': { status: 200, body: [] } });
    openTags();
    expect(await screen.findByText('No tags yet')).toBeTruthy();
  });

  it('offers a retry when the tags cannot be loaded', async () => {
    let fail = true;
    routeFetch({ 'GET admin/tag': () => (fail ? { status: 500 } : { status: 200, body: tags }) });
    const { user } = openTags();
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the tags.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Yoga')).toBeTruthy();
  });
});
