// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resetPageBetweenTests } from '@web/testing/page-test-hooks';
import { COPIED_TEXT, COPY_BY_HAND } from './share-group-dialog';
import { buildDetails, buildGroup, GROUP_ID, openGroup, routeFetch } from './testing/group-fixtures';

resetPageBetweenTests({ token: 'token' });

const owned = buildGroup({ membershipStatus: 'approved', isOwner: true });
const link = `${window.location.origin}/group/${GROUP_ID}`;

async function openShareDialog() {
  routeFetch({
    [`GET app/group-display-data/${GROUP_ID}`]: { status: 200, body: owned },
    [`GET app/group-details/${GROUP_ID}`]: { status: 200, body: buildDetails(owned) },
  });
  const page = openGroup();
  await page.user.click(await screen.findByRole('button', { name: 'Share' }));
  const dialog = await screen.findByRole('dialog', { name: 'Share Morning Sit Circle' });
  return { ...page, dialog };
}

describe('Share dialog', () => {
  it('shows the absolute link read-only and copies it', async () => {
    const { user, dialog } = await openShareDialog();
    const box = within(dialog).getByRole('textbox', { name: 'Group link' }) as HTMLInputElement;
    expect(box.value).toBe(link);
    expect(box.readOnly).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByRole('button', { name: COPIED_TEXT })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(link);
  });

  it('selects the link for copying by hand when the clipboard is unavailable', async () => {
    const { user, dialog } = await openShareDialog();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByText(COPY_BY_HAND)).toBeTruthy();
    const box = within(dialog).getByRole('textbox', { name: 'Group link' }) as HTMLInputElement;
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, link.length]);
  });
});
