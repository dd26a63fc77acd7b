// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DailyPracticePage } from './daily-practice-page';
import { buildContent, fakePracticeServer } from './testing/fake-practice-server';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';

resetPageBetweenTests({ token: 'member-token' });

describe('Journal content in the modal', () => {
  it('loads my latest entry, keeps Submit disabled while empty and saves a new entry', async () => {
    const journalItem = buildContent({ title: 'Gratitude page', contentType: 'journal' });
    const { requestsTo } = fakePracticeServer({
      today: [journalItem],
      engagement: [],
      journal: { _id: 'entry-0', text: 'Grateful for the sea.', createdAt: '2026-11-21T20:00:00.000Z' },
    });
    const { user } = renderPage(<DailyPracticePage />);
    await user.click(await screen.findByRole('button', { name: /Gratitude page/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Gratitude page' });

    const entry = (await within(dialog).findByRole('textbox', { name: 'Your journal entry' })) as HTMLTextAreaElement;
    expect(entry.value).toBe('Grateful for the sea.');
    expect(JSON.parse(String(requestsTo('app/journal')[0].body))).toEqual({ content: journalItem._id });

    const submit = within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    await user.clear(entry);
    expect(submit.disabled).toBe(true);

    await user.type(entry, 'Slept well.');
    expect(submit.disabled).toBe(false);
    await user.click(submit);

    expect(await within(dialog).findByText('Your journal entry is saved.')).toBeTruthy();
    expect(JSON.parse(String(requestsTo('app/create-journal')[0].body))).toEqual({
      journalText: 'Slept well.',
      content: journalItem._id,
    });
  });
});
