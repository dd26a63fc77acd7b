import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, uniqueName } from './support/fixtures';
import { ok, signedInAt, nextWednesday, tokenOf } from './support/signed-in';

// A group session: members see the places left on the calendar and in the dialog, one cancels
// their place, and the facilitator sees who booked and removes someone. Screenshots at 1280 and
// 390 px go to e2e/screenshots/.

for (const width of [1280, 390]) {
  test(`a group session shows its places left, a member cancels their place, the facilitator sees who booked (${width} px)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const facilitator = await createUser({ isFacilitator: true, name: 'Maya Rivers' });
    const [sam, ann] = [await createUser({ name: 'Sam Lee' }), await createUser({ name: 'Ann Lake' })];
    const name = `Breath circle ${uniqueName('')}`;

    const desk = await signedInAt(browser, facilitator.email, width);
    const session = await ok<{ _id: string }>(
      await request.post('/api/app/facilitator/sessions', {
        headers: await tokenOf(desk),
        data: {
          name,
          description: 'Slow breathing together, cameras optional.',
          price: 0,
          ...(await nextWednesday(desk)),
          meetingUrl: 'https://meet.example.com/circle',
          capacity: 12,
          cancellationHours: 24,
        },
      }),
    );

    const home = await signedInAt(browser, sam.email, width);
    const annPage = await signedInAt(browser, ann.email, width);
    for (const page of [home, annPage])
      await ok(
        await request.post('/api/app/book-free-session', {
          headers: await tokenOf(page),
          data: { sessionId: session._id },
        }),
      );

    // a third member's view: the places left on the slot and in the dialog
    const lee = await createUser({ name: 'Lee Park' });
    const visitor = await signedInAt(browser, lee.email, width);
    await visitor.goto(`/profile/${facilitator.id}?tab=sessions`);
    const calendar = visitor.getByRole('tabpanel', { name: 'Sessions' });
    await calendar.getByRole('button', { name: 'Next week' }).click();
    const slot = calendar.getByRole('button', { name: new RegExp(name) });
    await expect(slot).toContainText('10 of 12 places left');
    await slot.scrollIntoViewIfNeeded();
    await expectAccessible(visitor);
    await visitor.screenshot({ path: `e2e/screenshots/group-session-calendar-${width}.png` });
    await slot.click();
    const details = visitor.getByRole('dialog', { name });
    await expect(details.getByText('10 of 12 places left')).toBeVisible();
    await expectAccessible(visitor);
    await visitor.screenshot({ path: `e2e/screenshots/group-session-dialog-${width}.png` });

    // Sam cancels his place from his upcoming sessions; the free place is said to go to someone else
    await home.goto('/profile?tab=sessions');
    const card = home.getByRole('article', { name });
    await card.getByRole('button', { name: 'Cancel booking' }).click();
    const confirm = home.getByRole('alertdialog', { name: `Cancel your place in ${name}?` });
    await expect(confirm).toContainText('Your place will be given to someone else.');
    await expectAccessible(home);
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(home.getByText('Your booking is cancelled')).toBeVisible();
    await expect(card).toBeHidden();

    // the facilitator's calendar: 1 of 12 booked, and who
    await desk.goto('/profile?tab=sessions');
    const own = desk.getByRole('tabpanel', { name: 'Sessions' });
    await own.getByRole('button', { name: 'Next week' }).click();
    await expect(own.getByText('1 of 12 booked')).toBeVisible();
    await own.getByRole('button', { name: `Booked members of ${name}` }).click();
    const bookers = desk.getByRole('dialog', { name: `Booked members of ${name}` });
    await expect(bookers.getByRole('list', { name: 'Booked members' })).toContainText('Ann Lake');
    await expectAccessible(desk);
    await desk.screenshot({ path: `e2e/screenshots/group-session-bookers-${width}.png` });
    await bookers.getByRole('button', { name: 'Remove Ann Lake' }).click();
    const removal = desk.getByRole('alertdialog', { name: 'Remove Ann Lake' });
    await expect(removal).toContainText('Ann Lake will be told.');
    await removal.getByRole('button', { name: 'Remove' }).click();
    await expect(desk.getByText('Ann Lake was removed')).toBeVisible();
    await expect(bookers.getByText('Nobody has booked this session yet.')).toBeVisible();
  });
}
