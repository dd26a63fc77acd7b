import { expect, test, type Locator } from '@playwright/test';
import { pngImage } from '../scripts/media-fixtures';
import { createUser, expectAccessible, signIn, uniqueName, watchCsp } from './support/fixtures';

/** An <img> that really loaded (not the placeholder, not a broken image). */
async function expectLoadedImage(img: Locator) {
  await img.scrollIntoViewIfNeeded(); // images load lazily
  await expect(img).toHaveAttribute('src', /^\/api\/files\/[^?]+\?exp=\d+&sig=/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

test('a member runs a private group: a request with a message, approval, a photo post, a comment and a heart, and the notices', async ({
  browser,
}) => {
  const owner = await createUser({ name: 'Olga Owner' });
  const member = await createUser({ name: 'Mia Member' });
  const groupName = `Quiet Dawn ${Date.now()} ${uniqueName('')}`;
  const request = 'I sit most mornings and would love company.';
  const postText = `First light from my window ${Date.now()}`;
  const photo = { name: 'dawn.png', mimeType: 'image/png', buffer: await pngImage(800, 500, 30) };

  // The owner starts a private community.
  const ownerPage = await (await browser.newContext()).newPage();
  const ownerCsp = await watchCsp(ownerPage);
  await signIn(ownerPage, owner.email);
  await ownerPage.goto('/community');
  await expect(ownerPage.getByRole('heading', { name: 'Community', level: 1 })).toBeVisible();
  await expectAccessible(ownerPage);
  await ownerPage.getByRole('button', { name: 'Add new community' }).first().click();
  const form = ownerPage.getByRole('form', { name: 'New community' });
  await form.getByRole('textbox', { name: 'Name' }).fill(groupName);
  await form
    .getByRole('textbox', { name: 'Description' })
    .fill('We sit together at sunrise, ten minutes, cameras off.');
  await form.getByRole('checkbox', { name: 'Private' }).check();
  await form.getByRole('button', { name: 'Create community' }).click();
  await expect(ownerPage).toHaveURL(/\/group\/[^/?]+$/);
  await expect(ownerPage.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();

  // Share gives the link to send.
  await ownerPage.getByRole('button', { name: 'Share' }).click();
  const share = ownerPage.getByRole('dialog', { name: `Share ${groupName}` });
  const groupUrl = await share.getByRole('textbox', { name: 'Group link' }).inputValue();
  expect(groupUrl).toBe(ownerPage.url());
  await share.getByRole('button', { name: 'Done' }).click();
  await expect(share).toBeHidden();

  // The second member opens the link and asks to join, with a message.
  const memberPage = await (await browser.newContext()).newPage();
  const memberCsp = await watchCsp(memberPage);
  await signIn(memberPage, member.email);
  await memberPage.goto(groupUrl);
  await expect(memberPage.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
  await expect(
    memberPage.getByRole('list', { name: 'About this group' }).getByText('Private', { exact: true }),
  ).toBeVisible();
  await expect(memberPage.getByRole('tab', { name: 'Discussion' })).toHaveCount(0);
  await expectAccessible(memberPage);
  await memberPage.getByRole('button', { name: 'Request to Join' }).click();
  const ask = memberPage.getByRole('dialog', { name: `Request to join ${groupName}` });
  await ask.getByRole('textbox', { name: 'Message to the host' }).fill(request);
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask).toBeHidden();
  await expect(
    memberPage.getByText('A decision on your request will be made shortly by the host, thank you!'),
  ).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'Request to Join' })).toHaveCount(0);

  // The owner is told, follows the notice to the group and approves in Memberships.
  await ownerPage.goto('/notifications');
  const notice = ownerPage.getByRole('link', { name: `Mia Member asked to join ${groupName}.` });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(ownerPage).toHaveURL(groupUrl);
  await ownerPage.getByRole('tab', { name: 'Memberships' }).click();
  const row = ownerPage.getByRole('list', { name: 'Membership requests' }).getByRole('article', { name: 'Mia Member' });
  await expect(row.getByText(member.email)).toBeVisible();
  await expect(row.getByText(request)).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();
  await expectAccessible(ownerPage);
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Remove' })).toBeVisible();

  // Now a member, they post in Discussion with a photo.
  await memberPage.reload();
  await expect(memberPage.getByRole('tab', { name: 'Discussion' })).toBeVisible();
  await expect(memberPage.getByRole('tab', { name: 'Memberships' })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'Leave group' })).toBeVisible();
  await expectAccessible(memberPage);
  await memberPage.getByRole('tab', { name: 'Discussion' }).click();
  await expect(memberPage).toHaveURL(/\?tab=discussion$/);
  const composer = memberPage.getByRole('form', { name: 'New post' });
  await composer.getByLabel('Share something with the community').fill(postText);
  await composer.getByRole('button', { name: 'Add media' }).click();
  await composer.getByLabel('Media', { exact: true }).setInputFiles(photo);
  await expectLoadedImage(composer.getByRole('img', { name: 'Media preview' }));
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  const myPost = memberPage
    .getByRole('list', { name: 'Group posts' })
    .getByRole('article', { name: 'Post by Mia Member' });
  await expect(myPost.getByText(postText)).toBeVisible();
  await expectLoadedImage(myPost.getByRole('img', { name: 'Media shared by Mia Member' }));
  await expect(composer.getByLabel('Share something with the community')).toHaveValue('');

  // The owner opens it in Discussion, comments and hearts.
  await ownerPage.getByRole('tab', { name: 'Discussion' }).click();
  const card = ownerPage.getByRole('article', { name: 'Post by Mia Member' }).filter({ hasText: postText });
  await expectLoadedImage(card.getByRole('img', { name: 'Media shared by Mia Member' }));
  await card.getByRole('button', { name: /0 comments/ }).click();
  const thread = ownerPage.getByRole('dialog', { name: 'Post by Mia Member' });
  await expect(thread.getByText(postText)).toBeVisible();
  await thread.getByLabel('Write a comment').fill('What a lovely light. Welcome!');
  await thread.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(thread.getByText('What a lovely light. Welcome!')).toBeVisible();
  await expect(thread.getByLabel('Write a comment')).toHaveValue('');
  await thread.getByRole('button', { name: 'Heart, 0 hearts' }).click();
  await expect(thread.getByRole('button', { name: 'Heart, 1 heart' })).toHaveAttribute('aria-pressed', 'true');
  await thread.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByRole('button', { name: /1 comment/ })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Heart, 1 heart' })).toHaveAttribute('aria-pressed', 'true');

  // Both see their notices.
  await memberPage.goto('/notifications');
  await expect(memberPage.getByText(`Your request to join ${groupName} was approved.`)).toBeVisible();
  await expect(memberPage.getByText('Olga Owner commented on your post.')).toBeVisible();
  await expect(memberPage.getByText('Olga Owner hearted your post.')).toBeVisible();
  await ownerPage.goto('/notifications');
  await expect(ownerPage.getByText(`Mia Member asked to join ${groupName}.`)).toBeVisible();

  ownerCsp.expectNone();
  memberCsp.expectNone();
});
