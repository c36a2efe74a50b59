// Foundation acceptance: drop an mbox, watch it import, search with an operator, move with the keyboard, read; non-mail is refused.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dropFile, expect, parseMboxHeaders, pngBytes, readFirstMessages, screenshot, sharedRoot, test } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'usrp-users-list.mbox.gz');
const MESSAGE_COUNT = 60;
const SENDER = 'matusiak';

async function folderCountSum(page: Page): Promise<number> {
  const counts = await page.locator('[data-testid="folder-item"][data-kind="folder"] .tree-count').allTextContents();
  return counts.reduce((sum, text) => sum + Number(text.replace(/[^0-9]/g, '')), 0);
}

test('drop an mbox, see it import, search with an operator, move with the keyboard and read', async ({ page, lantern }) => {
  const mbox = await readFirstMessages(CORPUS, MESSAGE_COUNT);
  const messages = parseMboxHeaders(mbox);
  expect(messages).toHaveLength(MESSAGE_COUNT);
  const fromSender = messages.filter((message) => (message.headers.get('from') ?? '').toLowerCase().includes(SENDER));
  const expectedSubjects = new Set(fromSender.map((message) => (message.headers.get('subject') ?? '').replace(/\s+/g, ' ').trim()));
  expect(fromSender.length).toBeGreaterThan(2);

  await page.goto(lantern.url);
  await expect(page.getByTestId('first-run')).toBeVisible();
  await expect(page.getByTestId('store-stats')).toContainText('0 messages');
  await screenshot(page, '01-first-run');

  await dropFile(page, 'usrp-users-first-60.mbox', mbox, 'application/mbox', '02-drop-overlay');
  await expect(page.getByTestId('import-panel')).toBeVisible();
  await screenshot(page, '03-importing');

  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await expect(page.getByTestId('import-progress')).toHaveAttribute('data-percent', '100');
  await expect(page.getByTestId('import-imported')).toHaveText(String(MESSAGE_COUNT));
  await expect(page.getByTestId('first-run')).toHaveCount(0);
  await expect(page.getByTestId('folder-all').locator('.tree-count')).toHaveText(String(MESSAGE_COUNT));
  await expect.poll(() => folderCountSum(page)).toBe(MESSAGE_COUNT);
  await expect(page.getByTestId('result-count')).toHaveText(`${MESSAGE_COUNT} results`);
  await screenshot(page, '04-imported');
  await page.getByTestId('import-dismiss').click();

  // A folder click scopes the search with `in:`; All mail takes the scope away again.
  const folder = page.locator('[data-testid="folder-item"][data-kind="folder"]').first();
  const folderPath = (await folder.getAttribute('data-path')) ?? '';
  const folderCount = Number((await folder.locator('.tree-count').textContent())?.replace(/[^0-9]/g, ''));
  await folder.click();
  await expect(page.getByTestId('search-input')).toHaveValue(new RegExp(`^in:"?/${folderPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?$`));
  await expect(folder).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('result-count')).toHaveText(`${folderCount} results`);
  await page.getByTestId('folder-all').click();
  await expect(page.getByTestId('search-input')).toHaveValue('');

  // Keyboard only from here: `/` focuses the search box; the letters typed must not trigger shortcuts (k, u, o are in it).
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.type(`from:${SENDER}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-input')).toHaveValue(`from:${SENDER}`);
  await expect(page.getByTestId('result-count')).toHaveText(`${fromSender.length} results`);
  await expect(page.getByTestId('result-item')).toHaveCount(fromSender.length);
  await expect(page.getByTestId('reader-empty')).toBeVisible();
  for (const sender of await page.locator('[data-testid="result-item"] .result-from').allTextContents())
    expect(sender.toLowerCase()).toContain(SENDER);
  await screenshot(page, '05-search');

  const options = page.getByRole('listbox', { name: 'Messages' }).getByRole('option');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('result-list')).toBeFocused();
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'false');
  const chosenSubject = (await options.nth(1).getByTestId('result-subject').textContent())?.trim() ?? '';
  await screenshot(page, '06-selected');

  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reader-subject')).toHaveText(chosenSubject);
  expect(expectedSubjects.has(chosenSubject)).toBe(true);
  await expect(page.getByTestId('reader-from')).toContainText(/matusiak/i);
  await expect(page.locator('[data-testid="reader-text"], [data-testid="reader-html"]').first()).toBeVisible();
  await screenshot(page, '07-reading');
  const frame = page.getByTestId('reader-html');
  if ((await frame.count()) > 0) {
    // HTML mail is only looked at: no scripts (same origin only so the reader can fit the frame to the mail), and no
    // remote images that would tell the sender.
    await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    await expect(frame).toHaveAttribute('srcdoc', /Content-Security-Policy" content="default-src 'none'; img-src data:/);
  }

  await page.keyboard.press('u');
  await expect(page.getByTestId('result-list')).toBeFocused();
  await page.keyboard.press('/');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-input')).toHaveValue('');
  await expect(page.getByTestId('result-count')).toHaveText(`${MESSAGE_COUNT} results`);

  // Words are highlighted in snippets; a value the parser cannot use is explained under the bar, not silently dropped.
  await page.keyboard.type('after:someday numpy');
  await expect(page.getByTestId('search-warnings')).toContainText('someday');
  await expect(page.locator('[data-testid="result-item"] mark').first()).toHaveText(/numpy/i);
  await screenshot(page, '08-highlights-and-warning');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('result-count')).toHaveText(`${MESSAGE_COUNT} results`);

  // A file that is not mail: a clear message, and the store, folders and results stay as they were.
  await dropFile(page, 'photo.png', pngBytes(), 'image/png');
  await expect(page.getByTestId('import-error')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('import-error')).toContainText(/photo\.png|not.*mail|mail/i);
  await screenshot(page, '09-not-mail');
  await expect(page.getByTestId('store-stats')).toContainText(`${MESSAGE_COUNT} messages`);
  await expect(page.getByTestId('folder-all').locator('.tree-count')).toHaveText(String(MESSAGE_COUNT));
  expect(await folderCountSum(page)).toBe(MESSAGE_COUNT);
  await expect(page.getByTestId('result-count')).toHaveText(`${MESSAGE_COUNT} results`);

  await page.getByTestId('import-dismiss').click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('listbox', { name: 'Messages' }).getByRole('option').nth(0).click();
  await expect(page.getByTestId('reader-subject')).toBeVisible();
  await screenshot(page, '10-dark');
});

test('a non-mail file dropped on the first-run screen is refused clearly and the store stays empty', async ({ page, lantern }) => {
  await page.goto(lantern.url);
  await expect(page.getByTestId('first-run')).toBeVisible();
  await dropFile(page, 'photo.png', pngBytes(), 'image/png');
  await expect(page.getByTestId('import-error')).toBeVisible({ timeout: 60_000 });
  await screenshot(page, '11-first-run-not-mail');
  await expect(page.getByTestId('first-run')).toBeVisible();
  await expect(page.getByTestId('store-stats')).toContainText('0 messages');
  await expect(page.getByTestId('folder-item')).toHaveCount(0);
});
