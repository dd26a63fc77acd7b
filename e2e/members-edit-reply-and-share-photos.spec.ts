import { expect, test, type Locator, type Page } from '@playwright/test';
import { pngImage } from '../scripts/media-fixtures';
import { createUser, expectAccessible, signIn, watchCsp } from './support/fixtures';

/** An <img> that really loaded (not the placeholder, not a broken image). */
async function expectLoadedImage(img: Locator) {
  await img.scrollIntoViewIfNeeded(); // images load lazily
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

/** Holds every request to `pattern` back by `ms`, as a slow connection would. */
async function slowDown(page: Page, pattern: string, ms: number) {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

async function choosePhotos(
  composer: Locator,
  page: Page,
  files: { name: string; mimeType: string; buffer: Buffer }[],
) {
  const chooser = page.waitForEvent('filechooser');
  await composer.getByRole('button', { name: /Add photos/ }).click();
  await (await chooser).setFiles(files);
}

test('on a slow connection Post waits for the photo upload, and the post keeps its photo', async ({ browser }) => {
  const member = await createUser({ name: 'Sol Slow' });
  const page = await (await browser.newContext()).newPage();
  const csp = await watchCsp(page);
  await signIn(page, member.email);
  await slowDown(page, '**/api/images/upload', 2500);
  await slowDown(page, '**/api/app/upload', 2500);
  await page.goto('/feed');

  const composer = page.getByRole('form', { name: 'New post' });
  const post = composer.getByRole('button', { name: 'Post', exact: true });
  const text = `Evening walk ${Date.now()}`;
  await composer.getByLabel('Share something with the community').fill(text);
  await choosePhotos(composer, page, [
    { name: 'walk.png', mimeType: 'image/png', buffer: await pngImage(640, 480, 200) },
  ]);
  // pressed at once: Post is disabled, the progress shows and says why
  await expect(post).toBeDisabled();
  await post.click({ force: true });
  await expect(composer.getByRole('progressbar', { name: 'Upload progress of photo 1 of 1' })).toBeVisible();
  await expect(composer.getByText('Post waits until the upload finishes.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Post by Sol Slow' })).toHaveCount(0);
  await expect(post).toBeEnabled({ timeout: 15_000 });
  await post.click();
  const card = page.getByRole('article', { name: 'Post by Sol Slow' }).filter({ hasText: text });
  await expectLoadedImage(card.getByRole('img', { name: 'Photo 1 of 1 shared by Sol Slow' }));

  // the same for a file in the Media field (the defect as found: a text-only post, the file dropped)
  const second = `Morning sun ${Date.now()}`;
  await composer.getByLabel('Share something with the community').fill(second);
  await composer.getByRole('button', { name: 'Add media' }).click();
  await composer
    .getByLabel('Media', { exact: true })
    .setInputFiles({ name: 'sun.png', mimeType: 'image/png', buffer: await pngImage(640, 480, 40) });
  await expect(post).toBeDisabled();
  await expect(composer.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(post).toBeEnabled({ timeout: 15_000 });
  await post.click();
  const withMedia = page.getByRole('article', { name: 'Post by Sol Slow' }).filter({ hasText: second });
  await expect(withMedia.getByRole('img', { name: 'Media shared by Sol Slow' })).toBeVisible();
  csp.expectNone();
});

test('a member edits a post and answers a comment; the other opens the author from the post; three photos at once', async ({
  browser,
}) => {
  const author = await createUser({ name: 'Eli Editor' });
  const reader = await createUser({ name: 'Rae Replier' });
  const text = `Ten breaths before coffee ${Date.now()}`;

  const authorContext = await browser.newContext();
  await authorContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const authorPage = await authorContext.newPage();
  const authorCsp = await watchCsp(authorPage);
  await signIn(authorPage, author.email);
  await authorPage.goto('/feed');
  const composer = authorPage.getByRole('form', { name: 'New post' });
  await composer.getByLabel('Share something with the community').fill(text);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  const mine = authorPage
    .getByRole('article', { name: 'Post by Eli Editor' })
    .filter({ hasText: 'Ten breaths' })
    .first();
  await expect(mine).toBeVisible();

  // edit in place: marked edited
  await mine.getByRole('button', { name: 'Edit post' }).click();
  const edit = mine.getByRole('textbox', { name: 'Edit your post' });
  await edit.fill(`${text}, then tea`);
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByText(`${text}, then tea`)).toBeVisible();
  await expect(mine.getByText(/· edited/)).toBeVisible();
  await expectAccessible(authorPage);

  // 'Copy link' puts the post's own address on the clipboard
  await mine.getByRole('button', { name: 'Copy link' }).click();
  const copied = await authorPage.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/\/post\/[0-9a-f-]{36}$/);
  const postPath = new URL(copied).pathname;

  // the reader comments, and opens the author's profile from the post
  const readerPage = await (await browser.newContext()).newPage();
  const readerCsp = await watchCsp(readerPage);
  await signIn(readerPage, reader.email);
  await readerPage.goto(postPath);
  await expect(readerPage.getByText(`${text}, then tea`)).toBeVisible();
  await readerPage.getByLabel('Write a comment').fill('Tea sounds lovely');
  await readerPage.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(readerPage.getByText('Tea sounds lovely')).toBeVisible();
  // the reader fixes their comment
  await readerPage.getByRole('button', { name: 'Edit comment' }).click();
  await readerPage.getByRole('textbox', { name: 'Edit your comment' }).fill('Tea sounds lovely, green?');
  await readerPage.getByRole('button', { name: 'Save' }).click();
  await expect(readerPage.getByText('Tea sounds lovely, green?')).toBeVisible();
  await readerPage.getByRole('link', { name: 'Eli Editor' }).first().click();
  await expect(readerPage).toHaveURL(new RegExp(`/profile/${author.id}$`));

  // the author replies to the comment (one level, under it)
  await authorPage.goto(postPath);
  await authorPage.getByRole('button', { name: 'Reply to Rae Replier' }).click();
  await authorPage.getByRole('textbox', { name: 'Reply to Rae Replier' }).fill('Green, always');
  await authorPage.getByRole('button', { name: 'Reply', exact: true }).click();
  const replies = authorPage.getByRole('list', { name: 'Replies to Rae Replier' });
  await expect(replies.getByText('Green, always')).toBeVisible();
  await expectAccessible(authorPage);

  // the reader is told
  await readerPage.goto('/notifications');
  await expect(readerPage.getByText('Eli Editor replied to your comment.')).toBeVisible();

  // three photos chosen at once, previewed, posted together (a phone's width)
  await authorPage.setViewportSize({ width: 390, height: 844 });
  await authorPage.goto('/feed');
  const photoText = `Three views ${Date.now()}`;
  await composer.getByLabel('Share something with the community').fill(photoText);
  await choosePhotos(composer, authorPage, [
    { name: 'one.png', mimeType: 'image/png', buffer: await pngImage(600, 400, 20) },
    { name: 'two.png', mimeType: 'image/png', buffer: await pngImage(600, 400, 120) },
    { name: 'three.png', mimeType: 'image/png', buffer: await pngImage(600, 400, 260) },
  ]);
  const previews = composer.getByRole('list', { name: 'Chosen photos' }).getByRole('img');
  await expect(previews).toHaveCount(3);
  await expect(composer.getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
  await expectAccessible(authorPage);
  await composer.screenshot({ path: 'e2e/screenshots/composer-three-photos-390.png' });
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  const photoPost = authorPage.getByRole('article', { name: 'Post by Eli Editor' }).filter({ hasText: photoText });
  for (const n of [1, 2, 3])
    await expectLoadedImage(photoPost.getByRole('img', { name: `Photo ${n} of 3 shared by Eli Editor` }));
  await expect(composer.getByRole('list', { name: 'Chosen photos' })).toHaveCount(0);

  // the reader finds it by searching the feed
  await readerPage.goto('/feed');
  await readerPage.getByRole('searchbox', { name: 'Search posts' }).fill(photoText.toUpperCase());
  await expect(readerPage.getByRole('article', { name: 'Post by Eli Editor' })).toHaveCount(1);
  await expect(readerPage.getByRole('article', { name: 'Post by Eli Editor' }).getByText(photoText)).toBeVisible();
  authorCsp.expectNone();
  readerCsp.expectNone();
});

test('removing a post from its page goes to /notifications without asking for the post again', async ({ browser }) => {
  const author = await createUser({ name: 'Rin Remover' });
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(page, author.email);
  await page.goto('/feed');
  const composer = page.getByRole('form', { name: 'New post' });
  await composer.getByLabel('Share something with the community').fill(`Short lived ${Date.now()}`);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  const card = page.getByRole('article', { name: 'Post by Rin Remover' }).first();
  await expect(card.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await card.screenshot({ path: 'e2e/screenshots/post-card-own-390.png' });

  const headers = { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  // the newest post of this author (journeys running beside this one post to the same feed)
  const feed = await (await page.request.get('/api/app/inspiration?limit=50', { headers })).json();
  const id = (feed.posts as { _id: string; user: { _id: string } }[]).find((p) => p.user._id === author.id)!._id;

  await page.goto(`/post/${id}`);
  await expect(page.getByText('Short lived')).toBeVisible();
  const refused: number[] = [];
  page.on(
    'response',
    (res) => res.url().includes(`/api/app/view-post/${id}`) && res.status() >= 400 && refused.push(res.status()),
  );
  await page.getByRole('button', { name: 'Remove post' }).click();
  await page.getByRole('alertdialog', { name: 'Are You Sure?' }).getByRole('button', { name: 'Remove post' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await page.waitForTimeout(1000);
  expect(refused).toEqual([]);
});
