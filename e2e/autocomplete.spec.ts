// The search bar as a Gmail user drives it: operator and contact suggestions from the keyboard, chips, history, saved searches.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { artifactsDir, dropFile, expect, parseMboxHeaders, readFirstMessages, screenshot, sharedRoot, test } from './fixtures';

// A kernel list: people write from their own addresses (usrp-users rewrites From to "X via USRP-users").
const CORPUS = path.join(sharedRoot, 'corpora', 'io-uring-list.mbox.gz');
const MESSAGE_COUNT = 60;

async function importMailbox(page: Page, url: string): Promise<Buffer> {
  const mbox = await readFirstMessages(CORPUS, MESSAGE_COUNT);
  await page.goto(url);
  await expect(page.getByTestId('first-run')).toBeVisible();
  await dropFile(page, 'io-uring-first-60.mbox', mbox, 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();
  await expect(page.getByTestId('result-count')).toHaveText(`${MESSAGE_COUNT} results`);
  return mbox;
}

test('fro, Tab, a contact, Enter: a from: chip filters the results; Backspace takes the chip away', async ({ page, lantern }) => {
  const mbox = await importMailbox(page, lantern.url);
  const input = page.getByTestId('search-input');
  const suggestions = page.getByTestId('search-suggestion');

  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  await expect(input).toBeFocused();
  await page.keyboard.type('fro');
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(suggestions.first().locator('.suggestion-label')).toHaveText('from:');
  await expect(suggestions.first()).toContainText('Sender name or address');
  await screenshot(page, 'autocomplete-01-operators');

  // Tab takes `from:`, leaves the caret after the colon and asks for people at once.
  await page.keyboard.press('Tab');
  await expect(input).toHaveValue('from:');
  await expect(input).toBeFocused();
  expect(await input.evaluate((element) => (element as { selectionStart: number | null }).selectionStart)).toBe(5);
  await expect(page.getByTestId('search-suggestions')).toContainText('People');
  await expect(suggestions.first()).toContainText('@');
  await screenshot(page, 'autocomplete-02-people');

  // A few letters narrow the people; ↓ highlights the first (aria-activedescendant follows), Enter takes it.
  await page.keyboard.type('pav');
  await expect(suggestions.first()).toContainText('Pavel Begunkov');
  await page.keyboard.press('ArrowDown');
  await expect(suggestions.first()).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await suggestions.first().getAttribute('id')) ?? 'missing');
  // A person is shown by name with the address beside it; the address goes into the query.
  const address = ((await suggestions.first().locator('.suggestion-detail').textContent()) ?? '').toLowerCase();
  expect(address).toMatch(/^\S+@\S+$/);
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue(`from:${address} `);
  await expect(page.getByTestId('search-suggestions')).toHaveCount(0);
  const fromAddress = parseMboxHeaders(mbox).filter((message) => (message.headers.get('from') ?? '').toLowerCase().includes(address));
  expect(fromAddress.length).toBeGreaterThan(1);
  await expect(page.getByTestId('result-count')).toHaveText(`${fromAddress.length} results`);
  const chip = page.locator('[data-testid="query-chip"][data-operator="from"]');
  await expect(chip).toBeVisible();
  await expect(chip).toHaveText(new RegExp(`from:${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i'));
  await screenshot(page, 'autocomplete-03-chip');
  // Close up: the painted chip must sit exactly under the input's own text and caret.
  await page.locator('.search-box').screenshot({ path: path.join(artifactsDir, 'autocomplete-03-chip-closeup.png') });

  // Enter with no suggestion highlighted searches what was typed, not the first suggestion.
  await page.keyboard.type('sqpoll');
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue(/^from:\S+ sqpoll$/);

  // Backspace right after a finished chip removes all of it, not one letter.
  for (let letter = 0; letter < 'sqpoll'.length; letter += 1) await page.keyboard.press('Backspace');
  await expect(input).toHaveValue(/^from:\S+ $/);
  await page.keyboard.press('Backspace');
  await expect(input).toHaveValue('');
  await expect(chip).toHaveCount(0);
  await expect(page.getByTestId('result-count')).toHaveText(`${MESSAGE_COUNT} results`);

  // Esc closes the list first; a second Esc clears the bar.
  await page.keyboard.type('has:p');
  await expect(suggestions.first().locator('.suggestion-label')).toHaveText('pdf');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('search-suggestions')).toHaveCount(0);
  await expect(input).toHaveValue('has:p');
  await page.keyboard.press('Escape');
  await expect(input).toHaveValue('');

  // A chip's × removes it too, with the rest of the query left tidy.
  await page.keyboard.type('ring has:attachment ');
  await expect(page.getByTestId('search-suggestions')).toHaveCount(0);
  await expect(page.locator('[data-testid="query-chip"][data-operator="has"]')).toBeVisible();
  await page.getByTestId('query-chip-remove').click();
  await expect(input).toHaveValue('ring ');
  await expect(input).toBeFocused();

  // Typed letters never fire single-letter shortcuts.
  await page.keyboard.press('Escape');
  await page.keyboard.type('jkuo');
  await expect(input).toHaveValue('jkuo');
  await expect(input).toBeFocused();

  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.keyboard.press('/');
  await page.keyboard.type('-in:x after:someday to:');
  await expect(page.getByTestId('search-suggestions')).toContainText('People');
  await expect(page.getByTestId('search-warnings')).toContainText('someday');
  await expect(page.locator('[data-testid="query-chip"][data-operator="after"]')).toHaveClass(/has-problem/);
  await expect(page.locator('[data-testid="query-chip"][data-operator="in"]')).toHaveClass(/is-negated/);
  await screenshot(page, 'autocomplete-04-dark');
});

test('↑ in the empty bar recalls earlier searches; the star saves one into the folder tree', async ({ page, lantern }) => {
  await importMailbox(page, lantern.url);
  const input = page.getByTestId('search-input');

  await input.click();
  await page.keyboard.type('from:axboe');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-count')).not.toHaveText(`${MESSAGE_COUNT} results`);
  const senderCount = (await page.getByTestId('result-count').textContent()) ?? '';
  await page.keyboard.press('Escape');
  await page.keyboard.type('subject:sqpoll');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-count')).not.toHaveText(senderCount);
  const subjectCount = (await page.getByTestId('result-count').textContent()) ?? '';
  await page.keyboard.press('Escape');
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();

  await page.keyboard.press('ArrowUp');
  await expect(input).toHaveValue('subject:sqpoll');
  await page.keyboard.press('ArrowUp');
  await expect(input).toHaveValue('from:axboe');
  await page.keyboard.press('ArrowUp');
  await expect(input).toHaveValue('from:axboe');
  await page.keyboard.press('ArrowDown');
  await expect(input).toHaveValue('subject:sqpoll');
  await page.keyboard.press('ArrowDown');
  await expect(input).toHaveValue('');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(input).toHaveValue('from:axboe');
  await expect(page.getByTestId('result-count')).toHaveText(senderCount);

  // The star keeps the query under "Saved searches"; a click there runs it again after the bar was cleared.
  const star = page.getByTestId('save-search');
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  const saved = page.getByTestId('saved-search');
  await expect(page.getByTestId('saved-searches-heading')).toHaveText('Saved searches');
  await expect(saved).toHaveText(/from:axboe/);
  await expect(saved).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('folder-all')).toHaveAttribute('aria-selected', 'false');
  await screenshot(page, 'autocomplete-05-saved');

  await input.click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('result-count')).toHaveText(`${MESSAGE_COUNT} results`);
  await expect(page.getByTestId('folder-all')).toHaveAttribute('aria-selected', 'true');
  await saved.click();
  await expect(input).toHaveValue('from:axboe');
  await expect(page.getByTestId('result-count')).toHaveText(senderCount);

  // Saved searches and history outlive a reload; the × in the tree lets a saved search go.
  await page.reload();
  await expect(page.getByTestId('saved-search')).toHaveText(/from:axboe/);
  await input.click();
  await page.keyboard.press('ArrowUp');
  await expect(input).toHaveValue('subject:sqpoll');
  await expect(page.getByTestId('result-count')).toHaveText(subjectCount);
  await page.getByTestId('saved-search').hover();
  await page.getByTestId('saved-search-remove').click();
  await expect(page.getByTestId('saved-search')).toHaveCount(0);
  await expect(page.getByTestId('saved-searches-heading')).toHaveCount(0);
  await expect(star).toHaveAttribute('aria-pressed', 'false');
});
