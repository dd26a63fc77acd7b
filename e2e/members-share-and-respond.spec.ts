import { expect, test } from '@playwright/test';
import { createUser, expectAccessible, signIn, watchCsp } from './support/fixtures';

test('a member shares a post with a link; another hearts and comments; the author is notified', async ({ browser }) => {
  const author = await createUser({ name: 'Ana Author' });
  const reader = await createUser({ name: 'Rui Reader' });
  const text = `Sat for ten minutes ${Date.now()} — this helped: https://example.com/breath <b>not bold</b>`;

  const authorPage = await (await browser.newContext()).newPage();
  const authorCsp = await watchCsp(authorPage);
  await signIn(authorPage, author.email);
  await authorPage.goto('/feed');
  const post = authorPage.getByRole('button', { name: 'Post', exact: true });
  await expect(post).toBeDisabled();
  await authorPage.getByLabel('Share something with the community').fill(text);
  await post.click();
  const mine = authorPage
    .getByRole('article', { name: 'Post by Ana Author' })
    .filter({ hasText: 'Sat for ten minutes' })
    .first();
  await expect(mine).toBeVisible();
  // text is text: the tag shows literally and only the http(s) address is a link
  await expect(mine.getByText('<b>not bold</b>', { exact: false })).toBeVisible();
  await expect(mine.getByRole('link', { name: 'https://example.com/breath' })).toHaveAttribute('rel', /noopener/);
  await expectAccessible(authorPage);

  const readerPage = await (await browser.newContext()).newPage();
  const readerCsp = await watchCsp(readerPage);
  await signIn(readerPage, reader.email);
  await readerPage.goto('/feed');
  const card = readerPage
    .getByRole('article', { name: 'Post by Ana Author' })
    .filter({ hasText: 'Sat for ten minutes' })
    .first();
  await expect(card.getByRole('button', { name: 'Remove post' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Heart, 0 hearts' }).click();
  await expect(card.getByRole('button', { name: 'Heart, 1 heart' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: /0 comments/ }).click();
  const box = readerPage.getByLabel('Write a comment');
  await box.fill('Lovely, thank you');
  await readerPage.getByRole('button', { name: 'Post', exact: true }).last().click();
  await expect(readerPage.getByText('Lovely, thank you')).toBeVisible();
  await expectAccessible(readerPage);

  await authorPage.goto('/notifications');
  await expect(authorPage.getByText('Rui Reader hearted your post.')).toBeVisible();
  await expect(authorPage.getByText('Rui Reader commented on your post.')).toBeVisible();
  authorCsp.expectNone();
  readerCsp.expectNone();
});
