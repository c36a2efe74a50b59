// Asking questions: Ctrl+Enter in the search bar, the answer streams in the answer pane, [n] opens the cited mail.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dropFile, expect, readFirstMessages, screenshot, sharedRoot, test, typeInSearchBar } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'usrp-users-list.mbox.gz');
const STORY_MODEL = path.join(sharedRoot, 'models', 'tinyllamas', 'stories260K.gguf');
const MESSAGE_COUNT = 60;

async function importCorpus(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await dropFile(page, 'usrp-users-first-60.mbox', await readFirstMessages(CORPUS, MESSAGE_COUNT), 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();
}

async function chooseLocalModel(page: Page, modelPath: string): Promise<void> {
  await page.keyboard.press('Control+,');
  const dialog = page.getByTestId('settings-dialog');
  await page.getByTestId('settings-provider-local').check();
  await dialog.getByPlaceholder('/path/to/model.gguf').fill(modelPath);
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-status')).toHaveText('Saved.');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

async function askFromSearchBar(page: Page, question: string): Promise<void> {
  await page.keyboard.press('/');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await typeInSearchBar(page, question);
  await page.keyboard.press('Control+Enter');
}

/**
 * Background embedding ends with a store change that searches again, at a time no test controls; leaving the page
 * first means no call is cut off (and logged as an error) when the fixture stops the server.
 */
async function leavePage(page: Page): Promise<void> {
  await page.goto('about:blank');
}

interface AnswerSnapshot {
  phase: string;
  text: string;
}

/**
 * Every text the answer showed, in order, with the pane's phase at the time: what a person watching would have seen.
 * A string, because e2e code is type-checked without the DOM library; it runs in the page.
 */
const RECORD_ANSWER_TEXT = `(() => {
  const seen = [];
  window.answerSnapshots = seen;
  new MutationObserver(() => {
    const pane = document.querySelector('[data-testid="answer-pane"]');
    const text = document.querySelector('[data-testid="answer-text"]')?.textContent ?? '';
    const phase = pane?.getAttribute('data-phase') ?? 'closed';
    const last = seen.at(-1);
    if (!last || last.text !== text || last.phase !== phase) seen.push({ phase, text });
  }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-phase'] });
})()`;

test('the answer streams token by token from a local model, named in the pane', async ({ page, lantern }) => {
  await importCorpus(page, lantern.url);
  await chooseLocalModel(page, STORY_MODEL);
  await page.evaluate(RECORD_ANSWER_TEXT);
  await askFromSearchBar(page, 'Where did Lily go?');
  const pane = page.getByTestId('answer-pane');
  await expect(page.getByTestId('answer-question')).toHaveText('Where did Lily go?');
  await expect(pane).toHaveAttribute('data-phase', 'done', { timeout: 90_000 });
  await expect(page.getByTestId('answer-provider')).toHaveText('Local model · stories260K.gguf');
  await screenshot(page, 'answer-01-local-model');

  const snapshots = (await page.evaluate('window.answerSnapshots')) as AnswerSnapshot[];
  const streamed = snapshots.filter((snapshot) => snapshot.phase === 'streaming' && snapshot.text !== '' && snapshot.text !== 'Reading your mail…').map((snapshot) => snapshot.text);
  // Several partial texts were on screen, each growing from the one before: tokens arrived one by one.
  expect(streamed.length, `partial texts seen: ${JSON.stringify(streamed.slice(0, 5))}`).toBeGreaterThanOrEqual(3);
  for (let index = 1; index < streamed.length; index += 1) expect(streamed[index]!.startsWith(streamed[index - 1]!)).toBe(true);
  expect(((await page.getByTestId('answer-text').textContent()) ?? '').length).toBeGreaterThan(0);
  expect(snapshots.at(-1)?.phase).toBe('done');

  // Stop while it writes: what arrived stays, nothing more is added, the pane says the answer is incomplete.
  await askFromSearchBar(page, 'What did Lily find in the park?');
  await expect(page.getByTestId('answer-stop')).toBeVisible();
  await expect(page.getByTestId('answer-text')).not.toHaveText(/^(Reading your mail…)?$/);
  await page.getByTestId('answer-stop').click();
  await expect(pane).toHaveAttribute('data-phase', 'stopped');
  await expect(page.getByTestId('answer-stopped')).toBeVisible();
  const stoppedText = await page.getByTestId('answer-text').textContent();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('answer-text')).toHaveText(stoppedText ?? '');
  await expect(page.getByTestId('answer-sources')).toHaveCount(0);
  await screenshot(page, 'answer-05-stopped');
  await leavePage(page);
});

// Its own page: the failed call is logged by the browser as a console error, which here is expected, once.
test('a model file that is not there is reported in the pane, and the app goes on', async ({ browser, lantern }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
  try {
    await importCorpus(page, lantern.url);
    await chooseLocalModel(page, path.join(lantern.dataDir, 'no-such-model.gguf'));
    await askFromSearchBar(page, 'Where did Lily go?');
    const pane = page.getByTestId('answer-pane');
    await expect(pane).toHaveAttribute('data-phase', 'failed', { timeout: 60_000 });
    await expect(page.getByTestId('answer-error')).toHaveAttribute('role', 'alert');
    await expect(page.getByTestId('answer-error')).toContainText(/cannot load .*no-such-model\.gguf.*choose another \.gguf file in settings/);
    await screenshot(page, 'answer-02-missing-model');
    // The rest of the app still works: search and open a result.
    await typeInSearchBar(page, 'numpy');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('result-item').first()).toContainText(/numpy/i);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('reader-subject')).toContainText(/numpy/i);
    expect(consoleErrors).toEqual([expect.stringMatching(/Failed to load resource: the server responded with a status of 5\d\d/)]);
    await leavePage(page);
  } finally {
    await context.close();
  }
});

test('Ctrl+Enter asks the offline provider; [1] opens the cited mail in the reading pane', async ({ page, lantern }) => {
  await importCorpus(page, lantern.url);
  const question = 'Why is numpy missing on the E320?';

  await askFromSearchBar(page, question);
  const pane = page.getByTestId('answer-pane');
  await expect(pane).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  // Ctrl+Enter asked and did not leave the search bar.
  await expect(page.getByTestId('search-input')).toBeFocused();
  await expect(page.getByTestId('answer-question')).toHaveText(question);
  await expect(page.getByTestId('answer-provider')).toHaveText('Extractive (offline)');
  await expect(page.getByTestId('answer-text')).toContainText(/numpy/i);

  const firstLink = page.locator('[data-testid="answer-citation-link"][data-n="1"]').first();
  await expect(firstLink).toHaveText('[1]');
  const sources = page.getByTestId('answer-source');
  expect(await sources.count()).toBeGreaterThanOrEqual(1);
  const firstSource = sources.filter({ hasText: '[1]' }).first();
  const citedSubject = ((await firstSource.getByTestId('answer-source-subject').textContent()) ?? '').trim();
  expect(citedSubject).toMatch(/numpy/i);
  // Each source shows who sent it and when.
  await expect(firstSource.locator('.answer-source-meta')).toContainText('·');
  await expect(firstSource.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await screenshot(page, 'answer-03-extractive');

  await firstLink.click();
  await expect(page.getByTestId('reader-subject')).toHaveText(citedSubject);
  await expect(page.getByTestId('reading-pane')).toBeFocused();
  await expect(firstSource).toHaveAttribute('aria-current', 'true');
  await screenshot(page, 'answer-04-cited-mail-open');

  // Ctrl+J hides the pane and shows it again with the same answer.
  await page.keyboard.press('Control+j');
  await expect(pane).toHaveCount(0);
  await page.keyboard.press('Control+j');
  await expect(page.getByTestId('answer-question')).toHaveText(question);

  // The Ask button asks whatever is in the search bar.
  await typeInSearchBar(page, 'Which Vivado version should I use for RFNoC?');
  await page.getByTestId('ask-button').click();
  await expect(page.getByTestId('answer-question')).toHaveText('Which Vivado version should I use for RFNoC?');
  await expect(pane).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('answer-text')).toContainText('2017.4');
  await leavePage(page);
});
