// Appearance: the dark theme chosen from the top bar and remembered, the `?` shortcut sheet, and the app at 200% zoom.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { SHORTCUT_GROUPS } from '../src/renderer/src/features/help/shortcuts';
import { dropFile, expect, readFirstMessages, screenshot, sharedRoot, test, typeInSearchBar } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'usrp-users-list.mbox.gz');
/** theme.css's --bg-app and --bg-pane of each theme, as computed colours. */
const LIGHT = { app: 'rgb(243, 245, 248)', pane: 'rgb(255, 255, 255)' };
const DARK = { app: 'rgb(21, 24, 29)', pane: 'rgb(28, 32, 38)' };

// Page code reaches globals through the element or as strings: e2e code is type-checked without the DOM library.
async function backgroundOf(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).backgroundColor);
}

async function bodyBackground(page: Page): Promise<string> {
  return (await page.evaluate('getComputedStyle(document.body).backgroundColor')) as string;
}

/** True when the element starts on screen and its whole width fits the window (lists may run below and scroll). */
async function isOnScreen(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  const viewport = page.viewportSize()!;
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= viewport.width + 1 && box.y >= 0 && box.y < viewport.height;
}

test('dark theme from the top bar, remembered; the ? sheet lists every shortcut; usable at 200% zoom', async ({ page, lantern }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(lantern.url);
  await dropFile(page, 'usrp-users-first-40.mbox', await readFirstMessages(CORPUS, 40), 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();
  await page.getByRole('listbox', { name: 'Messages' }).getByRole('option').nth(0).click();
  await expect(page.getByTestId('reader-subject')).toBeVisible();
  expect(await bodyBackground(page)).toBe(LIGHT.app);
  expect(await backgroundOf(page, 'reading-pane')).toBe(LIGHT.pane);

  // Keyboard only: open the theme menu, move to Dark, choose it.
  await page.getByTestId('theme-switch').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('theme-menu')).toBeVisible();
  await expect(page.getByTestId('theme-option-system')).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('theme-option-dark')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('theme-menu')).toHaveCount(0);
  await expect(page.getByTestId('theme-switch')).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await bodyBackground(page)).toBe(DARK.app);
  // Every pane follows, the reading pane's own chrome too.
  expect(await backgroundOf(page, 'reading-pane')).toBe(DARK.pane);
  expect(await backgroundOf(page, 'search-input')).not.toBe(LIGHT.pane);
  await screenshot(page, 'appearance-01-dark');

  // Remembered across a reload, although the system stays light.
  await page.reload();
  await expect(page.getByTestId('result-item').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await bodyBackground(page)).toBe(DARK.app);

  // "Same as the system" follows the system's setting as it changes.
  await page.getByTestId('theme-switch').click();
  await page.getByTestId('theme-option-system').click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  expect(await bodyBackground(page)).toBe(LIGHT.app);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => bodyBackground(page)).toBe(DARK.app);
  await page.getByTestId('theme-switch').click();
  await page.getByTestId('theme-option-dark').click();
  await page.emulateMedia({ colorScheme: 'light' });

  // `?` from the result list opens the sheet; it lists every shortcut; Tab stays inside; Esc closes and focus returns.
  await page.getByTestId('result-list').focus();
  await page.keyboard.press('?');
  const sheet = page.getByTestId('shortcut-sheet');
  await expect(sheet).toBeVisible();
  await expect(page.getByTestId('shortcut-sheet-close')).toBeFocused();
  const shortcutCount = SHORTCUT_GROUPS.reduce((sum, group) => sum + group.shortcuts.length, 0);
  await expect(sheet.getByTestId('shortcut-row')).toHaveCount(shortcutCount);
  for (const text of [
    'Focus the search bar',
    'Ask the search text as a question',
    'Next pane',
    'Open the next result in the reading pane',
    'Back to the results',
  ]) {
    await expect(sheet).toContainText(text);
  }
  await expect(sheet.locator('kbd', { hasText: 'Ctrl' }).first()).toBeVisible();
  await expect(sheet.locator('kbd', { hasText: 'F6' })).toHaveCount(2);
  for (let press = 0; press < 4; press += 1) {
    await page.keyboard.press('Tab');
    expect(await sheet.evaluate((element) => element.contains(element.ownerDocument.activeElement))).toBe(true);
  }
  // Keys of the app do nothing behind the sheet.
  await page.keyboard.press('j');
  await expect(page.getByRole('listbox', { name: 'Messages' }).getByRole('option').nth(0)).toHaveAttribute('aria-selected', 'true');
  await screenshot(page, 'appearance-02-shortcuts-dark');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(page.getByTestId('result-list')).toBeFocused();

  // The keys the sheet lists that are new here: Ctrl+K / Ctrl+E, F6 round the panes, ] and [ through the results.
  const searchInput = page.getByTestId('search-input');
  await page.keyboard.press('Control+k');
  await expect(searchInput).toBeFocused();
  await page.getByTestId('result-list').focus();
  await page.keyboard.press('Control+e');
  await expect(searchInput).toBeFocused();
  await page.keyboard.press('F6');
  await expect(page.getByTestId('folder-all')).toBeFocused();
  await page.keyboard.press('F6');
  await expect(page.getByTestId('result-list')).toBeFocused();
  await page.keyboard.press('F6');
  await expect(page.getByTestId('reading-pane')).toBeFocused();
  await page.keyboard.press('F6');
  await expect(searchInput).toBeFocused();
  await page.keyboard.press('Shift+F6');
  await expect(page.getByTestId('reading-pane')).toBeFocused();
  const subjects = await page.getByTestId('result-subject').allTextContents();
  await page.keyboard.press(']');
  await expect(page.getByTestId('reader-subject')).toHaveText(subjects[1]!.trim());
  await expect(page.getByTestId('reading-pane')).toBeFocused();
  await page.keyboard.press(']');
  await expect(page.getByTestId('reader-subject')).toHaveText(subjects[2]!.trim());
  await page.keyboard.press('[');
  await expect(page.getByTestId('reader-subject')).toHaveText(subjects[1]!.trim());
  await expect(page.getByRole('listbox', { name: 'Messages' }).getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('u');
  await expect(page.getByTestId('result-list')).toBeFocused();

  // 200% zoom: half the CSS pixels at twice the density, as the browser's own zoom does.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: 720, height: 450, deviceScaleFactor: 2, mobile: false });
  await expect.poll(() => page.evaluate('[window.innerWidth, window.devicePixelRatio]')).toEqual([720, 2]);
  await page.setViewportSize({ width: 720, height: 450 });
  for (const testId of ['search-input', 'result-list', 'reading-pane']) {
    await expect(page.getByTestId(testId)).toBeVisible();
    expect(await isOnScreen(page, testId), `${testId} inside the window`).toBe(true);
  }
  // The page itself never scrolls sideways.
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(720);

  await typeInSearchBar(page, 'numpy');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-item').first()).toContainText(/numpy/i);
  await page.keyboard.press('ArrowDown');
  const chosenSubject = (
    (await page.getByRole('listbox', { name: 'Messages' }).getByRole('option').nth(0).getByTestId('result-subject').textContent()) ?? ''
  ).trim();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reader-subject')).toHaveText(chosenSubject);
  expect(await isOnScreen(page, 'reader-subject')).toBe(true);
  await screenshot(page, 'appearance-03-zoom-200-dark');

  // With the answer pane open too, the reading pane stays on screen.
  await page.keyboard.press('Control+j');
  await expect(page.getByTestId('answer-pane')).toBeVisible();
  for (const testId of ['result-list', 'reading-pane', 'answer-pane'])
    expect(await isOnScreen(page, testId), `${testId} inside the window`).toBe(true);
  await screenshot(page, 'appearance-04-zoom-200-answer');

  await page.getByTestId('theme-switch').click();
  await page.getByTestId('theme-option-light').click();
  // Colours change with a short transition: wait for the search box to settle on the light sidebar colour.
  await expect
    .poll(() =>
      page.locator('.search-box').evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).backgroundColor),
    )
    .toBe('rgb(238, 241, 245)');
  await screenshot(page, 'appearance-05-zoom-200-light');
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcut-sheet')).toBeVisible();
  await screenshot(page, 'appearance-06-zoom-200-shortcuts');
  await page.keyboard.press('Escape');

  // Background embedding ends with a search of its own; leave before the server stops so no call is cut off.
  await page.goto('about:blank');
});
