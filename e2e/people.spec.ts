// The People view: opened from the folder tree with the keyboard, a person found by typing, followed to their mail; a
// name in the reading pane opens its person, and a pair's mail is one click. Real io-uring list mail.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dropFile, expect, readFirstMessages, SCREEN_SIZES, screenshot, sharedRoot, test } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'io-uring-list.mbox.gz');
const MESSAGES = 300;

async function importCorpus(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await dropFile(page, 'io-uring.mbox', await readFirstMessages(CORPUS, MESSAGES), 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();
  // What a person sees before pressing Enter: the list holding the mail just imported.
  await expect(page.getByTestId('result-list').getByRole('option').first()).toBeVisible();
}

test('open People with the keyboard, find a person by typing, and follow them to their mail', async ({ page, lantern }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await importCorpus(page, lantern.url);

  // F6 moves from the search bar to the folder tree (All mail); ↓ reaches People, Enter opens it.
  await page.getByTestId('search-input').focus();
  await page.keyboard.press('F6');
  await expect(page.getByTestId('folder-all')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('folder-people')).toBeFocused();
  await page.keyboard.press('Enter');
  const view = page.getByTestId('people-view');
  await expect(view).toBeVisible();
  await expect(page.getByTestId('folder-people')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('people-filter')).toBeFocused();
  const rows = page.getByTestId('people-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(10);
  // Most mail first: the counts never grow down the list.
  const counts = await page.locator('[data-testid="people-row"] .people-row-count').allTextContents();
  const numbers = counts.map((text) => Number(text.replace(/,/g, '')));
  expect(numbers).toEqual([...numbers].sort((first, second) => second - first));

  // Type to filter, ↓ into the list: the first match is chosen and shown beside.
  await page.keyboard.type('axboe');
  await expect(rows).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('people-list')).toBeFocused();
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
  const heading = page.getByTestId('person-name-heading');
  await expect(heading).toHaveText('Jens Axboe');
  await expect(page.getByTestId('person-strip').getByRole('img')).toHaveAccessibleName(/^Messages by month from /);
  await expect(page.getByTestId('person-with').locator('li').first()).toBeVisible();
  await expect(page.getByTestId('person-words').locator('li').first()).toBeVisible();
  const personCounts = (await page.getByTestId('person-counts').textContent()) ?? '';
  const messages = Number(/^([\d,]+) messages/.exec(personCounts)![1]!.replace(/,/g, ''));
  expect(messages).toBeGreaterThan(10);

  // Enter moves to the detail; Tab reaches "Show their mail"; Enter follows the person to their mail.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('person-pane')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('person-show-mail')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(view).toBeHidden();
  await expect(page.getByTestId('search-input')).toHaveValue('participants:axboe@kernel.dk');
  const resultCount = page.getByTestId('result-count');
  // The list of all mail gives way to theirs.
  await expect(resultCount).not.toHaveText(`${MESSAGES} results`);
  await expect(page.getByTestId('result-list')).toHaveAttribute('data-freshness', 'current');
  await expect(resultCount).toHaveText(/^[\d,]+ results?$/);
  const shown = Number((await resultCount.textContent())!.replace(/[^\d]/g, ''));
  // Copies of one mail are one result; the People view counts each stored copy.
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(messages);
  // The results are theirs: the first one names them as sender or recipient.
  await expect(page.getByTestId('result-list')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.reader-sender, .reader-header-list').filter({ hasText: 'axboe@kernel.dk' }).first()).toBeVisible();
});

test('a name in the reading pane opens its person; a pair shows the mail between them; screenshots', async ({ page, lantern }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await importCorpus(page, lantern.url);
  await page.getByTestId('result-list').focus();
  await page.keyboard.press('Enter');
  // The reader shows a conversation: the open message's sender and recipients are buttons that open their person.
  await expect(page.getByTestId('reader-to').getByTestId('person-name').first()).toBeVisible();
  const sender = page.getByTestId('reader-from-row').getByTestId('person-name');
  await expect(sender).toBeVisible();
  const label = (await sender.textContent())!;
  const address = /<([^>]+)>$/.exec(label)?.[1] ?? label;
  await sender.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('people-view')).toBeVisible();
  await expect(page.getByTestId('person-addresses')).toContainText(address);
  await expect(page.getByTestId('person-pane')).toBeFocused();
  await expect(page.getByTestId('people-row').and(page.locator('[aria-selected="true"]'))).toHaveCount(1);

  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await expect(page.getByTestId('person-strip')).toBeVisible();
    await screenshot(page, `people-${size.width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The first co-correspondent's "Mail between" runs the pair's query.
  const pair = page.getByTestId('person-pair').first();
  await pair.click();
  await expect(page.getByTestId('people-view')).toBeHidden();
  const query = await page.getByTestId('search-input').inputValue();
  expect(query).toMatch(/^\(?participants:\S+.* \(?participants:\S+/);
  await expect(page.getByTestId('result-count')).toHaveText(/^[\d,]+ results?$/);

  // At 1024 px the tree folds to a rail: its People button opens the view; Esc goes back to the mail.
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByTestId('folder-rail-people').click();
  await expect(page.getByTestId('people-view')).toBeVisible();
  await expect(page.getByTestId('people-filter')).toBeFocused();
  // The people of the pair's search: fewer than of all mail.
  const total = page.getByTestId('people-total');
  await expect(total).toHaveText(/^[\d,]+$/);
  const everyone = Number((await total.textContent())!.replace(/,/g, ''));
  await page.getByTestId('people-scope').check();
  await expect(total).not.toHaveText(String(everyone));
  expect(Number((await total.textContent())!.replace(/,/g, ''))).toBeLessThan(everyone);
  await screenshot(page, 'people-scoped-1024');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('people-view')).toBeHidden();
});
