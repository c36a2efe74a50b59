// Search while importing: the first-run page goes once the first batch is stored, a query finds the mail stored so far,
// the counts and the progress (bytes of the file as stored, rate, time left) move, and meaning search can be paused.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { formatBytes } from '../src/renderer/src/ui/format';
import { makeZip } from '../test/zip';
import { dropFile, expect, readFirstMessages, screenshot, sharedRoot, test, typeInSearchBar, SCREEN_SIZES } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'io-uring-list.mbox.gz');
const ZIP_MESSAGES = 5000;
const MBOX_MESSAGES = 4000;
const SIZES = SCREEN_SIZES;

/** The number in the status bar's "N messages". */
async function storedCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('store-stats').textContent()) ?? '';
  return Number(/([\d,]+) message/.exec(text)?.[1]?.replace(/,/g, '') ?? 'NaN');
}

/** The first number of the status bar's "Meaning search: N of M messages". */
async function embeddedCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('embedding-count').textContent()) ?? '';
  return Number(/: ([\d,]+) of/.exec(text)?.[1]?.replace(/,/g, '') ?? 'NaN');
}

async function isImporting(page: Page): Promise<boolean> {
  return (await page.getByTestId('import-panel').getAttribute('data-phase')) === 'running';
}

test('a Takeout zip: search while it imports, progress in bytes of the zip, then pause and resume meaning search', async ({
  page,
  lantern,
}) => {
  test.setTimeout(600_000);
  const mbox = await readFirstMessages(CORPUS, ZIP_MESSAGES);
  const zip = makeZip([{ name: 'Takeout/Mail/All mail Including Spam and Trash.mbox', content: mbox }]);
  const zipSize = formatBytes(zip.length);

  await page.setViewportSize(SIZES[1]!);
  await page.goto(lantern.url);
  await expect(page.getByTestId('first-run')).toBeVisible();
  await dropFile(page, 'takeout-io-uring.zip', zip, 'application/zip');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'running', { timeout: 60_000 });

  // The first stored batch takes the first-run page away while the import still runs.
  await expect(page.getByTestId('first-run')).toHaveCount(0, { timeout: 30_000 });
  expect(await isImporting(page), 'the import was still running when the first-run page went').toBe(true);

  // Progress counts bytes of the zip itself, with a rate and a time left, and the bar moves.
  await expect(page.getByTestId('import-bytes')).toContainText(`of ${zipSize} at `);
  await expect(page.getByTestId('import-bytes')).toContainText('/s');
  await expect(page.getByTestId('import-panel')).toContainText('left');
  const firstPercent = Number(await page.getByTestId('import-progress').getAttribute('data-percent'));
  await expect
    .poll(async () => Number(await page.getByTestId('import-progress').getAttribute('data-percent')), { timeout: 30_000 })
    .toBeGreaterThan(firstPercent);

  // A query typed and entered now shows the mail stored so far, and says so.
  await typeInSearchBar(page, 'io_uring');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-importing')).toContainText('results so far');
  await expect(page.getByTestId('result-importing')).toHaveText(/Importing… [\d,]+ of about [\d,]+ — results so far/);
  await expect(page.getByTestId('result-item').first()).toBeVisible();
  expect(await isImporting(page), 'the import was still running when the results showed').toBe(true);

  // The status bar's count grows as batches land.
  const before = await storedCount(page);
  await expect.poll(() => storedCount(page), { timeout: 30_000 }).toBeGreaterThan(before);
  for (const size of SIZES) {
    if (!(await isImporting(page))) break;
    await page.setViewportSize(size);
    await screenshot(page, `search-while-importing-zip-${size.width}`);
  }

  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 300_000 });
  await expect(page.getByTestId('result-importing')).toHaveCount(0);
  // The corpus holds a message twice here and there: the count is what the report says was imported.
  const imported = Number((await page.getByTestId('import-imported').textContent())?.replace(/,/g, ''));
  expect(imported).toBeGreaterThan(ZIP_MESSAGES - 10);
  await expect.poll(() => storedCount(page)).toBe(imported);
  await page.getByTestId('import-dismiss').click();

  // Meaning search's progress shows in the status bar once embedding starts, and moves.
  await expect(page.getByTestId('embedding-count')).toContainText(`of ${imported.toLocaleString('en-US')} messages`, { timeout: 120_000 });
  await expect.poll(() => embeddedCount(page), { timeout: 120_000 }).toBeGreaterThan(0);
  await expect(page.getByTestId('embedding-count')).toContainText(/, about \d/, { timeout: 60_000 });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `embedding-progress-${size.width}`);
  }

  // Paused, the count stops once the batch being embedded is done; resumed, it moves on.
  await page.getByTestId('embedding-pause').click();
  await expect(page.getByTestId('embedding-pause')).toHaveText('Resume');
  await expect(page.getByTestId('embedding-count')).toContainText(/, paus(ing after this batch|ed)$/);
  await expect(page.getByTestId('embedding-status')).toHaveAttribute('data-paused', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('embedding-count')).toContainText(', paused');
  const paused = await embeddedCount(page);
  await page.waitForTimeout(8000);
  expect(await embeddedCount(page), 'the count moved while paused').toBe(paused);
  await screenshot(page, 'embedding-paused-1440');
  await page.getByTestId('embedding-pause').click();
  await expect(page.getByTestId('embedding-status')).toHaveAttribute('data-paused', 'false');
  await expect.poll(() => embeddedCount(page), { timeout: 60_000 }).toBeGreaterThan(paused);
  // Paused again so the rest of the archive is not embedded for nothing before the test ends.
  await page.getByTestId('embedding-pause').click();
});

test('a gzipped mbox: search while it imports, progress in compressed bytes', async ({ page, lantern }) => {
  test.setTimeout(300_000);
  const gzipped = gzipSync(await readFirstMessages(CORPUS, MBOX_MESSAGES));
  const gzipSize = formatBytes(gzipped.length);

  await page.setViewportSize(SIZES[0]!);
  await page.goto(lantern.url);
  await dropFile(page, 'io-uring.mbox.gz', gzipped, 'application/gzip');
  await expect(page.getByTestId('first-run')).toHaveCount(0, { timeout: 60_000 });
  expect(await isImporting(page), 'the import was still running when the first-run page went').toBe(true);
  await expect(page.getByTestId('import-bytes')).toContainText(`of ${gzipSize}`);
  // Jann Horn writes now and then all through the archive: newest first, each batch puts his newer mail on top.
  await typeInSearchBar(page, 'from:jannh');
  await page.keyboard.press('Enter');
  await page.getByTestId('sort-date').click();
  // The list in date order must be on screen before a row is chosen: a choice made in the list it replaces is rightly
  // dropped with it.
  await expect(page.getByTestId('result-order')).toContainText('newest first');
  await expect(page.getByTestId('result-importing')).toContainText('results so far');
  await expect(page.getByTestId('result-item').nth(1)).toBeVisible();
  await expect(page.getByTestId('result-list')).toHaveAttribute('data-freshness', 'current');
  // A row the person chose stays chosen while batches land above it and the results are searched again.
  await page.getByTestId('result-item').nth(1).click();
  const selected = page.locator('[data-testid="result-item"][aria-selected="true"]');
  const chosen = await selected.getAttribute('id');
  const shownTotal = await page.getByTestId('result-count').textContent();
  await expect(page.getByTestId('result-count')).not.toHaveText(shownTotal ?? '', { timeout: 60_000 });
  await expect(page.getByTestId('result-item').nth(1)).not.toHaveAttribute('id', chosen ?? '');
  await expect(selected).toHaveAttribute('id', chosen ?? '');
  await screenshot(page, 'search-while-importing-mbox-1024');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 240_000 });
  await expect(page.getByTestId('result-importing')).toHaveCount(0);
  const imported = Number((await page.getByTestId('import-imported').textContent())?.replace(/,/g, ''));
  expect(imported).toBeGreaterThan(MBOX_MESSAGES - 10);
  await expect.poll(() => storedCount(page)).toBe(imported);
});
