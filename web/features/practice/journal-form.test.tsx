// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { IDEMPOTENCY_KEY_HEADER } from '@common/http-headers';
import { forgetMemberData } from '@web/api/member-data';
import { practiceQueue } from './offline/queued-practice';
import { DailyPracticePage } from './daily-practice-page';
import { buildContent, fakePracticeServer } from './testing/fake-practice-server';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { renderPage } from '@web/testing/render-page';

resetPageBetweenTests({ token: 'member-token' });
afterEach(async () => {
  await forgetMemberData();
  // online again for whatever runs next (TanStack Query's online state follows the event)
  window.dispatchEvent(new Event('online'));
});

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

  it('offline, an entry is kept on the device and shown as the latest; back online it is sent once with its key', async () => {
    const journalItem = buildContent({ title: 'Gratitude page', contentType: 'journal' });
    const { requestsTo } = fakePracticeServer({ today: [journalItem], engagement: [], journal: null });
    const { user } = renderPage(<DailyPracticePage />);
    await user.click(await screen.findByRole('button', { name: /Gratitude page/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Gratitude page' });
    const entry = await within(dialog).findByRole('textbox', { name: 'Your journal entry' });

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await user.type(entry, 'Written on the train.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(
      await within(dialog).findByText(
        'Your journal entry is kept on this device and will sync when you are back online.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Kept on this device: it will sync when you are back online.')).toBeTruthy();
    expect(requestsTo('app/create-journal')).toHaveLength(0);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await practiceQueue.flush();
    await practiceQueue.flush(); // a second run finds nothing left: the entry is sent once
    const sent = requestsTo('app/create-journal');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]!.body))).toEqual({
      journalText: 'Written on the train.',
      content: journalItem._id,
    });
    expect(new Headers(sent[0]!.headers).get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(dialog).queryByText(/Kept on this device/)).toBeNull());
  });
});
