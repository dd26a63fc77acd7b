// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ADMIN_MESSAGES } from '@common/admin/schemas';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderManagePage, routeFetch, sentTo, TAG_ID } from '../testing/admin-form-fixtures';
import { ManageTagPage } from './manage-tag-page';

resetPageBetweenTests({ token: 'token' });

const PATH = '/admin/manage-tag/:id';

describe('Manage Tag', () => {
  it('for new, loads nothing and POSTs the tag to admin/tag, then goes to the Tags list', async () => {
    const fetchMock = routeFetch({
      'POST admin/tag': (body) => ({ status: 200, body: { _id: TAG_ID, ...(body as object) } }),
    });
    const { user } = renderManagePage(<ManageTagPage />, PATH, 'new');

    expect(screen.getByRole('heading', { level: 1, name: 'Add Tag' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Tag' }), '  Breathwork ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin/tags');
    expect(sentTo(fetchMock, 'POST admin/tag')).toEqual([{ text: 'Breathwork' }]);
    expect(fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET')).toEqual([]);
  });

  it('requires the tag and sends nothing without it', async () => {
    const fetchMock = routeFetch({});
    const { user } = renderManagePage(<ManageTagPage />, PATH, 'new');
    expect(screen.getByRole('textbox', { name: 'Tag' }).getAttribute('aria-required')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Tag is required')).toBeTruthy();
    expect(screen.getByText('Please check for errors')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the tag and POSTs the edit to admin/tag/{id}', async () => {
    const fetchMock = routeFetch({
      [`GET admin/tag/${TAG_ID}`]: { status: 200, body: { _id: TAG_ID, text: 'Calm' } },
      [`POST admin/tag/${TAG_ID}`]: (body) => ({ status: 200, body: { _id: TAG_ID, ...(body as object) } }),
    });
    const { user } = renderManagePage(<ManageTagPage />, PATH, TAG_ID);

    expect(screen.getByRole('heading', { level: 1, name: 'Manage Tag' })).toBeTruthy();
    const field = await screen.findByRole('textbox', { name: 'Tag' });
    expect((field as HTMLInputElement).value).toBe('Calm');
    await user.clear(field);
    await user.type(field, 'Stillness');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect((await screen.findByTestId('location')).textContent).toBe('/admin/tags');
    expect(sentTo(fetchMock, `POST admin/tag/${TAG_ID}`)).toEqual([{ text: 'Stillness' }]);
  });

  it('shows a refusal in the server’s words and offers Retry', async () => {
    routeFetch({
      [`GET admin/tag/${TAG_ID}`]: { status: 200, body: { _id: TAG_ID, text: 'Calm' } },
      [`POST admin/tag/${TAG_ID}`]: { status: 409, body: { error: 'tag_exists', message: ADMIN_MESSAGES.tagExists } },
    });
    const { user } = renderManagePage(<ManageTagPage />, PATH, TAG_ID);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(ADMIN_MESSAGES.tagExists)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('says so when the tag does not exist', async () => {
    routeFetch({
      [`GET admin/tag/${TAG_ID}`]: { status: 404, body: { error: 'tag_not_found', message: 'Tag not found' } },
    });
    renderManagePage(<ManageTagPage />, PATH, TAG_ID);
    expect(await screen.findByText('Tag not found')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to Tags' }).length).toBe(2);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('offers to try again when the tag cannot be loaded', async () => {
    let fail = true;
    routeFetch({
      [`GET admin/tag/${TAG_ID}`]: () =>
        fail ? { status: 500, body: {} } : { status: 200, body: { _id: TAG_ID, text: 'Calm' } },
    });
    const { user } = renderManagePage(<ManageTagPage />, PATH, TAG_ID);
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load this tag.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Tag' }) as HTMLInputElement).value).toBe('Calm'));
  });
});
