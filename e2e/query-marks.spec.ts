// The search bar paints the engine's reading of the query: a name among the archive's contacts ("with Pavel") is
// coloured as understood once the search has run, and a bad value's chip is marked with the warning shown under the bar.
import path from 'node:path';
import { dropFile, expect, readFirstMessages, screenshot, sharedRoot, test, SCREEN_SIZES } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'io-uring-list.mbox.gz');
const MESSAGE_COUNT = 60;

test('typed fast, "with Pavel" turns understood when the engine answers; after:soon is a marked chip with its warning', async ({
  page,
  lantern,
}) => {
  const mbox = await readFirstMessages(CORPUS, MESSAGE_COUNT);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(lantern.url);
  await expect(page.getByTestId('first-run')).toBeVisible();
  await dropFile(page, 'io-uring-first-60.mbox', mbox, 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();
  await expect(page.getByTestId('result-count')).toHaveText(`${MESSAGE_COUNT} results`);

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await page.keyboard.type('patch with Pavel after:soon');
  await page.keyboard.press('Enter');
  const mirror = page.getByTestId('query-mirror');
  // The window knows no contacts: only the engine, which does, reads "with Pavel" as a person.
  await expect(mirror.locator('.query-word.is-understood')).toHaveText(['with', 'Pavel']);
  await expect(mirror.locator('.query-word.is-text')).toHaveText(['patch']);
  await expect(page.getByTestId('search-warnings')).toContainText('after: "soon" is not a date');
  await page.getByTestId('search-input').blur();
  await expect(mirror.locator('[data-testid="query-chip"][data-operator="after"]')).toHaveClass(/has-problem/);
  for (const { width, height } of SCREEN_SIZES) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `query-marks-at-${width}`);
  }
});
