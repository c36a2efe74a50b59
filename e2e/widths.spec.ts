// Every width from 1024×700 up: the folder pane folds to a rail, the answer pane opens over the reading pane, the
// search bar keeps its width; Settings opens with its content; screenshots at 1024, 1280 and 1440.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dropFile, expect, readFirstMessages, screenshot, sharedRoot, test, typeInSearchBar } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'usrp-users-list.mbox.gz');
const QUESTION = 'what did we decide about the daughterboard firmware update';

async function width(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => Math.round(element.getBoundingClientRect().width));
}

const SIZES = [
  { width: 1024, height: 700, hasRail: true },
  { width: 1280, height: 800, hasRail: false },
  { width: 1440, height: 900, hasRail: false },
];

test('every width: rail, reading pane, whole question in the search bar, answer over the reader', async ({ page, lantern }) => {
  await page.goto(lantern.url);
  await dropFile(page, 'usrp-40.mbox', await readFirstMessages(CORPUS, 40), 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();

  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await typeInSearchBar(page, '');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('result-count')).toHaveText('40 results');
    await page.getByTestId('result-item').first().click();
    await expect(page.getByTestId('reader-subject')).toBeVisible();
    await expect(page.getByTestId('folder-rail-toggle')).toBeVisible({ visible: size.hasRail });
    if (size.hasRail) await expect(page.locator('.folder-pane')).toBeHidden();
    expect(await width(page, '.reading-pane')).toBeGreaterThanOrEqual(400);

    // A whole typical question shows in the box, nothing scrolled out of view.
    await typeInSearchBar(page, QUESTION);
    const input = page.getByTestId('search-input');
    await screenshot(page, `widths-${size.width}-question`);
    const fits = await input.evaluate((element) => {
      const box = element as unknown as { scrollWidth: number; clientWidth: number };
      return box.scrollWidth <= box.clientWidth;
    });
    expect(fits, `the search box at ${size.width} px shows the whole question`).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    // The answer pane opens without squeezing the reading pane under 400 px.
    await page.getByTestId('answer-toggle').click();
    await expect(page.getByTestId('answer-pane')).toBeVisible();
    expect(await width(page, '.reading-pane')).toBeGreaterThanOrEqual(400);
    await screenshot(page, `widths-${size.width}-answer`);
    await page.getByTestId('answer-toggle').click();
    await expect(page.getByTestId('answer-pane')).toHaveCount(0);
    await screenshot(page, `widths-${size.width}`);
  }

  // At 1024 the rail's button shows the tree over the list; choosing a folder scopes the search and folds it again.
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByTestId('folder-rail-toggle').click();
  await expect(page.locator('.folder-pane')).toBeVisible();
  await screenshot(page, 'widths-1024-folders');
  const folder = page.locator('[data-testid="folder-item"][data-kind="folder"]').first();
  await folder.click();
  await expect(page.getByTestId('search-input')).toHaveValue(/^in:/);
  await expect(page.locator('.folder-pane')).toBeHidden();
  await page.getByTestId('folder-rail-toggle').click();
  await expect(page.locator('.folder-pane')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.folder-pane')).toBeHidden();
  await expect(page.getByTestId('folder-rail-toggle')).toBeFocused();
});

test('settings open with their content, the time-zone label on one line', async ({ page, lantern }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(lantern.url);
  await expect(page.getByTestId('first-run')).toBeVisible();
  // Every frame the dialog is on screen (not see-through) is recorded with whether it had its form.
  // (A string: the e2e type check has no DOM types.)
  await page.evaluate(`(() => {
    const seen = [];
    window.seenDialog = seen;
    const look = () => {
      const dialog = document.querySelector('[data-testid="settings-dialog"]');
      if (dialog && Number(getComputedStyle(dialog.parentElement).opacity) > 0) seen.push(dialog.querySelector('form') ? 'form' : 'empty');
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  })()`);
  await page.getByTestId('settings-open').click();
  await expect(page.getByTestId('settings-time-zone')).toBeVisible();
  await expect.poll(() => page.evaluate<number>('window.seenDialog.length')).toBeGreaterThan(0);
  const seen = await page.evaluate<string[]>('window.seenDialog');
  expect(seen.filter((state) => state === 'empty')).toEqual([]);
  const label = page
    .getByTestId('settings-dialog')
    .locator('label', { has: page.getByTestId('settings-time-zone') })
    .locator('span')
    .first();
  // One line of 13 px text is about 19 px tall; two would be 37.
  expect((await label.boundingBox())!.height).toBeLessThan(28);
  await screenshot(page, 'widths-1024-settings');
});
