// Keys act on the results on screen: a fast typist's Enter, ↓, Enter opens a mail of the query just submitted, never
// one of the list it replaced; ↓/j/k show the selected mail in the reading pane; Ctrl+Enter answers beside the results;
// compact rows and one row per conversation.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dropFile, expect, parseMboxHeaders, readFirstMessages, screenshot, sharedRoot, test, SCREEN_SIZES } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'io-uring-list.mbox.gz');
// Enough mail that a search takes a moment, so keys pressed right after Enter arrive before its answer.
const MESSAGE_COUNT = 2_000;

async function importCorpus(page: Page, url: string, count = MESSAGE_COUNT): Promise<Buffer> {
  const mbox = await readFirstMessages(CORPUS, count);
  await page.goto(url);
  await dropFile(page, `io-uring-${count}.mbox`, mbox, 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 110_000 });
  await page.getByTestId('import-dismiss').click();
  return mbox;
}

/** Sender addresses with at least `minimum` messages, most frequent first, read from the mbox without the engine. */
function frequentSenders(mbox: Buffer, minimum: number): string[] {
  const counts = new Map<string, number>();
  for (const message of parseMboxHeaders(mbox)) {
    const address = /<([^>\s]+@[^>\s]+)>/.exec(message.headers.get('from') ?? '')?.[1]?.toLowerCase();
    if (address) counts.set(address, (counts.get(address) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, count]) => count >= minimum)
    .sort((first, second) => second[1] - first[1])
    .map(([address]) => address);
}

/** A power user with no pause at all: / , select all, the query, Enter, ↓ into the list. */
async function searchAndEnterList(page: Page, query: string): Promise<void> {
  await page.keyboard.press('/');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(query, { delay: 0 });
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
}

/** The same, and Enter at once to open the first result. */
async function searchAndOpenFirst(page: Page, query: string): Promise<void> {
  await searchAndEnterList(page, query);
  await page.keyboard.press('Enter');
}

test.describe.configure({ timeout: 240_000 });

/** The mail the reading pane shows: the open one of a conversation, or the single message. */
function readerMessageId(page: Page): Promise<string | null> {
  return page.evaluate(`(() => {
    const open = document.querySelector('[data-testid="conversation-message"].is-open') ?? document.querySelector('[data-testid="reader-message"]');
    return open ? open.getAttribute('data-id') : null;
  })()`);
}

/** A row's id once the list shows the new query's results; its sender's address is the row's title. */
async function rowAt(page: Page, index: number): Promise<{ id: string | null; sender: string | null }> {
  const row = page.locator(`[data-testid="result-item"][data-index="${index}"]`);
  return { id: await row.getAttribute('data-id'), sender: await row.locator('.result-from').getAttribute('title') };
}

test('a fast typist’s Enter, ↓, Enter always opens a mail of the new query', async ({ page, lantern }) => {
  const mbox = await importCorpus(page, lantern.url);
  const senders = frequentSenders(mbox, 3).slice(0, 6);
  expect(senders.length).toBe(6);
  // Each query replaces a list of other senders' mail: a key that acted on the old list would open one of those.
  for (const round of [1, 2]) {
    for (const sender of senders) {
      await searchAndOpenFirst(page, `from:${sender}`);
      await expect(page.getByTestId('reading-pane')).toBeFocused();
      // The mail opened is the first row of the new list, which is from the sender asked for.
      await expect.poll(() => rowAt(page, 0), `round ${round}, from:${sender}`).toEqual({ id: expect.any(String), sender });
      const { id } = await rowAt(page, 0);
      await expect.poll(() => readerMessageId(page), `round ${round}, from:${sender}`).toBe(id);
    }
  }
});

/** The row selected in the list and the mail in the reading pane are the same one. */
async function expectReaderShowsSelected(page: Page): Promise<void> {
  const selected = page.locator('[data-testid="result-item"][aria-selected="true"]');
  // Read together, since both change as a new list arrives: the pair settles on the same id.
  const pair = async (): Promise<{ selected: string | null; shown: string | null }> => ({
    selected: await selected.getAttribute('data-id'),
    shown: await readerMessageId(page),
  });
  await expect
    .poll(async () => {
      const { selected: row, shown } = await pair();
      return row !== null && row === shown;
    })
    .toBe(true);
}

test('↓, j and k show the selected mail in the reading pane, keeping the keyboard in the list', async ({ page, lantern }) => {
  await importCorpus(page, lantern.url, 300);
  const list = page.getByTestId('result-list');
  // All mail has no words to rank by: the sort toggle shows the newest-first order the list is in.
  await expect(page.getByTestId('sort-date')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('sort-relevance')).toHaveAttribute('aria-pressed', 'false');
  await searchAndEnterList(page, 'io_uring');
  await expect(list).toBeFocused();
  await expectReaderShowsSelected(page);
  await expect(page.getByTestId('sort-relevance')).toHaveAttribute('aria-pressed', 'true');
  for (const key of ['j', 'j', 'k', 'ArrowDown', 'ArrowDown', 'ArrowUp']) {
    await page.keyboard.press(key);
    await expectReaderShowsSelected(page);
    await expect(list).toBeFocused();
  }
  await expect(page.locator('[data-testid="result-item"][aria-selected="true"]')).toHaveAttribute('data-index', '2');

  // Held down, j loads only where it stops: one mail read, not one per row passed.
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/call/getMessage')) reads.push(request.postData() ?? '');
  });
  for (let step = 0; step < 8; step += 1) await page.keyboard.press('j');
  await expect(page.locator('[data-testid="result-item"][aria-selected="true"]')).toHaveAttribute('data-index', '10');
  await expectReaderShowsSelected(page);
  expect(reads.length).toBeLessThanOrEqual(2);
  await screenshot(page, 'keys-preview-follows-1440');

  // Switched off in Settings, j and k only move the highlight; Enter still opens.
  await page.keyboard.press('Control+,');
  await page.getByTestId('settings-preview-follows').uncheck();
  await page.keyboard.press('Escape');
  await list.focus();
  const shown = await readerMessageId(page);
  await page.keyboard.press('j');
  await expect(page.locator('[data-testid="result-item"][aria-selected="true"]')).toHaveAttribute('data-index', '11');
  await page.waitForTimeout(400);
  expect(await readerMessageId(page)).toBe(shown);
  await page.keyboard.press('Enter');
  await expectReaderShowsSelected(page);
});

test('Ctrl+Enter answers beside the results on screen, and the question joins the ↑ history', async ({ page, lantern }) => {
  await importCorpus(page, lantern.url, 300);
  await searchAndOpenFirst(page, 'io_uring');
  await expect.poll(() => readerMessageId(page)).not.toBeNull();
  const count = (await page.getByTestId('result-count').textContent()) ?? '';
  const firstIds = await page.getByTestId('result-item').evaluateAll((rows) => rows.slice(0, 5).map((row) => row.getAttribute('data-id')));

  const question = 'Why does the submission queue fill up when many requests are pending?';
  await page.keyboard.press('/');
  await page.keyboard.press('Control+A');
  // A pause mid-question lets the search as you type run on half of it; asking goes back to the list the person had.
  await page.keyboard.type(question.slice(0, 20), { delay: 0 });
  await expect(page.getByTestId('result-list')).toHaveAttribute('data-freshness', 'current');
  await page.waitForTimeout(800);
  await page.keyboard.type(question.slice(20), { delay: 0 });
  await page.keyboard.press('Control+Enter');
  const pane = page.getByTestId('answer-pane');
  await expect(page.getByTestId('answer-question')).toHaveText(question);
  await expect(pane).toHaveAttribute('data-phase', /done|failed/, { timeout: 60_000 });
  // The reading pane no longer shows the unrelated mail: it is empty, or shows the answer's first source.
  const firstSource = page.getByTestId('answer-source').first();
  if ((await page.getByTestId('answer-source').count()) > 0) {
    await expect.poll(() => readerMessageId(page)).toBe(await firstSource.getAttribute('data-id'));
  } else {
    await expect(page.getByTestId('reader-empty')).toBeVisible();
  }
  // The results are still those of the search, however long a search of the question would have taken.
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('result-count')).toHaveText(count);
  expect(await page.getByTestId('result-item').evaluateAll((rows) => rows.slice(0, 5).map((row) => row.getAttribute('data-id')))).toEqual(
    firstIds,
  );
  await expect(page.getByTestId('result-kept')).toContainText('io_uring');
  await screenshot(page, 'keys-ask-beside-1440');

  // ↑ in the emptied search bar brings the question back, then the search before it.
  await page.keyboard.press('/');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('search-input')).toHaveValue(question);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('search-input')).toHaveValue('io_uring');
});

test('compact rows show 16 and more at 900 px, one row per conversation with its size; both remembered', async ({ page, lantern }) => {
  await importCorpus(page, lantern.url, 300);
  const rows = page.getByTestId('result-item');
  await expect(rows.first()).toBeVisible();
  const visibleRows = (): Promise<number> =>
    page.evaluate(`(() => {
      const scroller = document.querySelector('.result-scroll').getBoundingClientRect();
      return [...document.querySelectorAll('[data-testid="result-item"]')].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= scroller.top && box.bottom <= scroller.bottom + 1;
      }).length;
    })()`);
  const comfortable = await visibleRows();
  await page.getByTestId('result-density-toggle').click();
  await expect(page.getByTestId('result-list')).toHaveClass(/is-compact/);
  for (const [width, height] of [
    [1440, 900],
    [1280, 900],
    [1024, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect.poll(visibleRows, `compact rows at ${width}x${height}`).toBeGreaterThanOrEqual(16);
  }
  expect(comfortable).toBeLessThan(16);

  // Grouped: each thread once, its size shown; the io-uring list has long reply threads.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('result-group-toggle').click();
  await expect(page.getByTestId('result-list')).toHaveAttribute('aria-label', 'Conversations');
  const threads = await rows.evaluateAll((elements) => elements.map((row) => row.getAttribute('data-thread')));
  expect(new Set(threads).size).toBe(threads.length);
  const sizes = page.getByTestId('result-thread-size');
  await expect(sizes.first()).toBeVisible();
  expect(Number(await sizes.first().textContent())).toBeGreaterThan(1);
  await expect(sizes.first()).toHaveAttribute('title', /messages in this conversation; \d+ of them match/);
  await expect(page.getByTestId('result-senders').first()).not.toBeEmpty();
  // Enter opens the row's mail; ↓ moves by conversation.
  await page.getByTestId('result-list').focus();
  await page.keyboard.press('ArrowDown');
  await expectReaderShowsSelected(page);

  // Remembered across a reload, and shown in Settings.
  await page.reload();
  await expect(page.getByTestId('result-list')).toHaveClass(/is-compact/);
  await expect(page.getByTestId('result-list')).toHaveAttribute('aria-label', 'Conversations');
  await expect(page.getByTestId('result-group-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Control+,');
  await expect(page.getByTestId('settings-density-compact')).toBeChecked();
  await expect(page.getByTestId('settings-group-by-thread')).toBeChecked();
  await page.getByTestId('settings-group-by-thread').uncheck();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('result-list')).toHaveAttribute('aria-label', 'Messages');
});

test('screenshots of compact, grouped and comfortable lists at 1024, 1280 and 1440', async ({ page, lantern }) => {
  await importCorpus(page, lantern.url, 300);
  await searchAndEnterList(page, 'io_uring');
  await expectReaderShowsSelected(page);
  for (const { width, height } of SCREEN_SIZES) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `keys-comfortable-${width}`);
    await page.getByTestId('result-density-toggle').click();
    await screenshot(page, `keys-compact-${width}`);
    await page.getByTestId('result-group-toggle').click();
    await screenshot(page, `keys-compact-grouped-${width}`);
    await page.getByTestId('result-density-toggle').click();
    await screenshot(page, `keys-comfortable-grouped-${width}`);
    await page.getByTestId('result-group-toggle').click();
  }
});
