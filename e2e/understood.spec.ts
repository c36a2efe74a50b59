// What a plain-English query was understood as (chips to take back by click or key), "Did you mean …?" for an operator
// typo and a misspelt word, warnings that do not move the panes, a header in plain words and "Why these results?".
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dropFile, expect, parseMboxHeaders, readFirstMessages, screenshot, sharedRoot, test, typeInSearchBar } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'usrp-users-list.mbox.gz');
const MESSAGE_COUNT = 60;
const SENDER = 'matusiak';

async function box(page: Page, selector: string): Promise<{ x: number; y: number; width: number; height: number }> {
  return (await page.locator(selector).first().boundingBox())!;
}

test('chips for what was understood, Did you mean, steady panes, plain header and Why these results', async ({ page, lantern }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const mbox = await readFirstMessages(CORPUS, MESSAGE_COUNT);
  const fromSender = parseMboxHeaders(mbox).filter((message) => (message.headers.get('from') ?? '').toLowerCase().includes(SENDER));
  expect(fromSender.length).toBeGreaterThan(2);
  const text = mbox.toString('latin1').toLowerCase();
  expect(text).toContain('frequency');
  expect(text).not.toContain('frequncy');

  await page.goto(lantern.url);
  await dropFile(page, 'usrp-60.mbox', mbox, 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();
  await expect(page.getByTestId('result-count')).toHaveText(`${MESSAGE_COUNT} results`);
  // All mail has no words to rank by: the header says the order in plain words.
  await expect(page.getByTestId('result-order')).toHaveText('· newest first');
  const panesBefore = await box(page, '.panes');
  const listBefore = await box(page, '.result-pane');

  // Plain English: limit, order and person as chips.
  const input = page.getByTestId('search-input');
  await typeInSearchBar(page, `5 latest emails from ${SENDER} about usrp`);
  await page.keyboard.press('Enter');
  const chips = page.getByTestId('understood-chip');
  await expect(chips.filter({ hasText: 'limit 5' })).toHaveCount(1);
  await expect(chips.filter({ hasText: 'newest first' })).toHaveCount(1);
  await expect(chips.filter({ hasText: new RegExp(`from:.*${SENDER}`, 'i') })).toHaveCount(1);
  await expect(page.getByTestId('result-order')).toHaveText('· newest first');
  await screenshot(page, 'understood-chips-1440');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 700 },
  ]) {
    await page.setViewportSize(size);
    await expect(chips).toHaveCount(3);
    await screenshot(page, `understood-chips-${size.width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Removed by a click: the words leave the query and the search runs again.
  await chips.filter({ hasText: 'limit 5' }).click();
  await expect(input).toHaveValue(`latest emails from ${SENDER} about usrp`);
  await expect(chips.filter({ hasText: 'limit 5' })).toHaveCount(0);
  await expect(page.getByTestId('result-count')).toHaveText(`${fromSender.length} results`);
  // And by the keyboard: the person chip, with its "from".
  await chips.filter({ hasText: /from:/ }).focus();
  await page.keyboard.press('Delete');
  await expect(input).toHaveValue('latest emails about usrp');
  await expect(chips.filter({ hasText: /from:/ })).toHaveCount(0);
  await chips.filter({ hasText: 'newest first' }).focus();
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue('emails about usrp');
  await expect(chips).toHaveCount(0);

  // An operator typo: a warning and "Did you mean from:…?", applied with one click; the panes do not move.
  await typeInSearchBar(page, `form:${SENDER}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-warnings')).toContainText('Unknown operator "form:"');
  const option = page.getByTestId('did-you-mean-option');
  await expect(option).toHaveText(`from:${SENDER}`);
  await expect(page.getByTestId('did-you-mean')).toHaveText(`Did you mean from:${SENDER}?`);
  expect(await box(page, '.panes')).toEqual(panesBefore);
  expect(await box(page, '.result-pane')).toEqual(listBefore);
  await screenshot(page, 'did-you-mean-operator-1440');
  await option.click();
  await expect(input).toHaveValue(`from:${SENDER}`);
  await expect(page.getByTestId('query-chip-remove')).toBeVisible();
  await screenshot(page, 'did-you-mean-applied-1440');
  await expect(page.getByTestId('result-count')).toHaveText(`${fromSender.length} results`);
  await expect(page.getByTestId('search-warnings')).toHaveCount(0);
  expect(await box(page, '.panes')).toEqual(panesBefore);

  // A word the archive lacks but has one close to.
  await typeInSearchBar(page, 'frequncy');
  await page.keyboard.press('Enter');
  await expect(option).toHaveText('frequency');
  await screenshot(page, 'did-you-mean-word-1440');
  await option.click();
  await expect(input).toHaveValue('frequency');
  await expect(page.getByTestId('result-count')).not.toHaveText('0 results');

  // The header in plain words, and on demand why each hit is there.
  await expect(page.getByTestId('result-order')).toHaveText('· best matches first');
  const header = (await page.locator('.result-header').textContent()) ?? '';
  expect(header).not.toMatch(/auto:|rerank:|hybrid|keyword rank/);
  await page.getByTestId('why-results-button').click();
  const why = page.getByTestId('why-results');
  await expect(why).toBeVisible();
  const first = why.getByTestId('why-hit').first();
  await expect(first).toContainText('“frequency” in the');
  await expect(first).toContainText('#1 by words');
  await screenshot(page, 'why-these-results-1440');
  await page.keyboard.press('Escape');
  await expect(why).toHaveCount(0);
});
