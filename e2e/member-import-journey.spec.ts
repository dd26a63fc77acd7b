import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { createUser, expectAccessible } from './support/fixtures';
import { ok, signedInAt, tokenOf } from './support/signed-in';

// A facilitator imports members from a spreadsheet Tend does not recognise: maps the email
// column by hand, sees the preview with one bad row, runs the import, follows it to the end and
// downloads the report. Screenshots go to /work/shots/issue38/.

const SHOTS = '/work/shots/issue38';

test('a facilitator imports members from a CSV with a mapping, a bad row and a report', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const facilitator = await createUser({ isFacilitator: true, name: 'Maya Rivers' });
  const desk = await signedInAt(browser, facilitator.email, 1280);
  await ok(
    await request.post('/api/app/tier/new', {
      headers: await tokenOf(desk),
      data: { name: 'Inner circle', type: 'subscription', price: 25, published: true },
    }),
  );
  const stamp = Date.now();
  const csv = [
    'Contact,Full name,Level',
    `rowan.${stamp}@example.test,Rowan Ames,Inner circle`,
    `tess.${stamp}@example.test,Tess Orr,`,
    'not-an-address,Bad Row,Inner circle',
  ].join('\n');

  await desk.goto('/dashboard');
  await desk.getByRole('link', { name: 'Import members' }).click();
  await expect(desk.getByRole('heading', { name: 'Import members', level: 1 })).toBeVisible();
  await desk
    .getByLabel('CSV file')
    .setInputFiles({ name: 'my-members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await desk.getByRole('button', { name: 'Upload' }).click();
  await expect(desk.getByText('Map the columns')).toBeVisible();

  // nothing maps to the email yet: the preview says so, then the column is mapped by hand
  await desk.getByRole('button', { name: 'Preview' }).click();
  await expect(desk.getByRole('alert')).toContainText('Choose which column holds the email address.');
  await desk.getByLabel('Column “Contact”').selectOption('email');
  await desk.getByRole('button', { name: 'Preview' }).click();

  const summary = desk.getByLabel('What the import will do');
  await expect(summary).toContainText('Errors1');
  await expect(summary).toContainText('New accounts2');
  const table = desk.getByRole('table', { name: 'Preview of the import' });
  await expect(table.getByText('Invalid email address “not-an-address”')).toBeVisible();
  await expect(table.getByRole('row', { name: /not-an-address/ })).toContainText('Error');
  await expect(table.getByText('New account; joins Inner circle (complimentary)')).toBeVisible();
  await expectAccessible(desk);
  await desk.screenshot({ path: `${SHOTS}/preview-1280.png`, fullPage: true });

  await desk.setViewportSize({ width: 390, height: 844 });
  await desk.screenshot({ path: `${SHOTS}/preview-390.png`, fullPage: true });
  await desk.setViewportSize({ width: 1280, height: 900 });

  await desk.getByLabel('Do not send').check();
  await desk.getByRole('button', { name: 'Run the import' }).click();
  await expect(desk.getByRole('heading', { name: 'Import complete' })).toBeVisible({ timeout: 60_000 });
  await expect(desk.getByText('3 of 3 rows done')).toBeVisible();
  await expect(desk.getByRole('progressbar', { name: 'Rows imported' })).toHaveAttribute('aria-valuenow', '100');
  await expectAccessible(desk);
  await desk.screenshot({ path: `${SHOTS}/progress-1280.png`, fullPage: true });

  const downloading = desk.waitForEvent('download');
  await desk.getByRole('button', { name: 'Download report' }).click();
  const download = await downloading;
  const report = await readFile((await download.path())!, 'utf8');
  expect(report.trim().split('\n')).toEqual([
    'row,email,outcome,reason',
    `1,rowan.${stamp}@example.test,new_account,New account; joins Inner circle (complimentary)`,
    `2,tess.${stamp}@example.test,new_account,New account`,
    '3,not-an-address,error,Invalid email address “not-an-address”',
  ]);
});
