// Asking questions: Ctrl+Enter in the search bar, the answer streams in the answer pane, [n] opens the cited mail.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  const streamed = snapshots
    .filter((snapshot) => snapshot.phase === 'streaming' && snapshot.text !== '' && snapshot.text !== 'Reading your mail…')
    .map((snapshot) => snapshot.text);
  // Several partial texts were on screen, each growing from the one before: tokens arrived one by one.
  expect(streamed.length, `partial texts seen: ${JSON.stringify(streamed.slice(0, 5))}`).toBeGreaterThanOrEqual(3);
  for (let index = 1; index < streamed.length; index += 1) expect(streamed[index]!.startsWith(streamed[index - 1]!)).toBe(true);
  expect(((await page.getByTestId('answer-text').textContent()) ?? '').length).toBeGreaterThan(0);
  expect(snapshots.at(-1)?.phase).toBe('done');

  await leavePage(page);
});

/** A loopback Ollama that writes one word every 150 ms and notes whether the engine hung up before it finished. */
async function startSlowOllama(): Promise<{
  url: string;
  state: { requests: number; hungUp: boolean; wordsSent: number };
  close: () => Promise<void>;
}> {
  const state = { requests: 0, hungUp: false, wordsSent: 0 };
  const server = createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/api/chat') {
      response.writeHead(404).end();
      return;
    }
    state.requests += 1;
    request.resume();
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    let sent = 0;
    const timer = setInterval(() => {
      if (sent === 200) {
        clearInterval(timer);
        response.end(`${JSON.stringify({ model: 'slow', message: { role: 'assistant', content: '' }, done: true })}\n`);
        return;
      }
      sent += 1;
      state.wordsSent = sent;
      response.write(`${JSON.stringify({ model: 'slow', message: { role: 'assistant', content: `word${sent} ` }, done: false })}\n`);
    }, 150);
    response.on('close', () => {
      clearInterval(timer);
      if (!response.writableFinished) state.hungUp = true;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, state, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('Stop ends the answer being written: what arrived stays, and the engine hangs up on the model', async ({ page, lantern }) => {
  const ollama = await startSlowOllama();
  try {
    await importCorpus(page, lantern.url);
    await page.keyboard.press('Control+,');
    const dialog = page.getByTestId('settings-dialog');
    await page.getByTestId('settings-provider-ollama').check();
    await dialog.getByPlaceholder('llama3.2:3b').fill('slow');
    await dialog.getByPlaceholder('http://127.0.0.1:11434 (default)').fill(ollama.url);
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-status')).toHaveText('Saved.');
    await page.keyboard.press('Escape');

    await askFromSearchBar(page, 'What did the list say about the N320?');
    const pane = page.getByTestId('answer-pane');
    await expect(page.getByTestId('answer-text')).toContainText('word3');
    await page.getByTestId('answer-stop').click();
    await expect(pane).toHaveAttribute('data-phase', 'stopped');
    await expect(page.getByTestId('answer-stopped')).toBeVisible();
    // The engine closed the model's stream: it stops writing rather than running on unseen.
    await expect.poll(() => ollama.state.hungUp, { timeout: 10_000 }).toBe(true);
    const wordsAtStop = ollama.state.wordsSent;
    const stoppedText = await page.getByTestId('answer-text').textContent();
    await page.waitForTimeout(1000);
    expect(ollama.state.wordsSent).toBe(wordsAtStop);
    expect(wordsAtStop).toBeLessThan(200);
    await expect(page.getByTestId('answer-text')).toHaveText(stoppedText ?? '');
    await expect(page.getByTestId('answer-sources')).toHaveCount(0);
    expect(ollama.state.requests).toBe(1);
    await screenshot(page, 'answer-05-stopped');
    await leavePage(page);
  } finally {
    await ollama.close();
  }
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
    await expect(page.getByTestId('answer-error')).toContainText(
      /cannot load .*no-such-model\.gguf.*choose another \.gguf file in settings/,
    );
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
  // The result list beside it keeps what it showed, all mail: the question is answered, not searched.
  await expect(page.getByTestId('result-kept')).toHaveText('Results for all mail; the question is answered beside them.');
  await expect(page.getByTestId('result-item').first()).toBeVisible();
  await screenshot(page, 'answer-03-extractive');

  const citedQuote = ((await firstSource.locator('.answer-source-quote').textContent()) ?? '').trim();
  expect(citedQuote.length).toBeGreaterThan(10);
  await firstLink.click();
  await expect(page.getByTestId('reader-subject')).toHaveText(citedSubject);
  await expect(page.getByTestId('reading-pane')).toBeFocused();
  await expect(firstSource).toHaveAttribute('aria-current', 'true');
  // The cited sentence is marked in the mail and scrolled into view.
  const cited = page.getByTestId('reader-cited');
  await expect(cited).toBeInViewport();
  const citedWords = (text: string): string => (text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 6).join(' ').toLowerCase();
  expect(citedWords((await cited.textContent()) ?? '')).toBe(citedWords(citedQuote));
  await screenshot(page, 'answer-04-cited-mail-open');
  // Opening the same mail from the result list shows it as usual, nothing marked.
  await page.getByTestId('result-item').first().click();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reader-cited')).toHaveCount(0);

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
