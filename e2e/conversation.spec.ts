// Reading a deep reply thread of the io-uring list as one conversation: oldest first, read mail folded to a line,
// quotes folded behind "…", n / p from message to message, Expand all / Collapse all, and a trashed reply marked.
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  dropFile,
  expect,
  parseMboxHeaders,
  readFirstMessages,
  screenshot,
  sharedRoot,
  test,
  typeInSearchBar,
  SCREEN_SIZES,
} from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'io-uring-list.mbox.gz');
/** The first 60 messages hold the whole first round of "io_uring: don't wait when under-submitting" (Dec 2019). */
const MESSAGE_COUNT = 60;
const ROOT_ID = '<5caa38be87f069eb4cc921d58ee1a98ff5d53978.1576223348.git.asml.silence@gmail.com>';
/** Jens Axboe's second reply, deleted here (Gmail's Trash label) to show that the conversation marks it. */
const TRASHED_ID = '<9fbb03f4-6444-04a6-4cfb-ee4b3aa0bcd1@kernel.dk>';
/** Pavel's answer in the middle of the thread (Jens quotes it in the next reply, hence the sender). */
const SEARCH = '"worth entangling the code" from:asml.silence';

/** Message-IDs of the thread, by References and In-Reply-To, worked out from the file without the engine. */
function threadIds(mbox: Buffer): Set<string> {
  const ids = new Set([ROOT_ID]);
  for (const { headers } of parseMboxHeaders(mbox)) {
    const links = `${headers.get('references') ?? ''} ${headers.get('in-reply-to') ?? ''}`.match(/<[^>]+>/g) ?? [];
    const id = headers.get('message-id');
    if (id && links.some((link) => ids.has(link))) ids.add(id);
  }
  return ids;
}

/** The slice, with the Trash label put on one reply as a Gmail Takeout would carry it. */
function withTrashedReply(mbox: Buffer): Buffer {
  const text = mbox.toString('latin1');
  const marker = `Message-ID: ${TRASHED_ID}`;
  const at = text.search(new RegExp(`^${marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im'));
  if (at < 0) throw new Error(`conversation e2e: the slice has no ${TRASHED_ID}`);
  return Buffer.from(`${text.slice(0, at)}X-Gmail-Labels: Trash\n${text.slice(at)}`, 'latin1');
}

async function importSlice(page: Page): Promise<number> {
  const mbox = await readFirstMessages(CORPUS, MESSAGE_COUNT);
  await dropFile(page, 'io-uring-first-60.mbox', withTrashedReply(mbox), 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();
  return threadIds(mbox).size;
}

test('a reply opened from the results shows its whole thread, oldest first, with quotes folded and n / p moving through it', async ({
  page,
  lantern,
}) => {
  await page.goto(lantern.url);
  const threadSize = await importSlice(page);
  expect(threadSize).toBeGreaterThan(8);

  // Pavel's answer in the middle of the thread: it quotes Jens, then answers, then quotes his patch.
  await typeInSearchBar(page, SEARCH);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-count')).toHaveText('1 result');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reading-pane')).toBeFocused();

  const messages = page.getByTestId('conversation-message');
  await expect(messages).toHaveCount(threadSize);
  await expect(page.getByTestId('conversation-count')).toHaveText(`${threadSize} messages`);
  // Oldest first.
  const dates = await messages
    .locator('.conversation-row time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
  expect(dates).toEqual([...dates].sort());
  // Only the opened message is expanded, and it is in view; the others are one line with a preview.
  const open = page.locator('[data-testid="conversation-message"].is-open');
  await expect(open).toHaveAttribute('data-state', 'expanded');
  await expect(page.locator('[data-testid="conversation-message"][data-state="expanded"]')).toHaveCount(1);
  await expect(open.getByTestId('reader-thread-item')).toBeInViewport();
  await expect(messages.first()).toHaveAttribute('data-state', 'collapsed');
  await expect(messages.first().getByTestId('conversation-preview')).toContainText('There is no reliable way to submit');

  // The quotes are folded behind "…"; the answer itself shows. A click on "…" unfolds the quote.
  const text = open.getByTestId('reader-text');
  await expect(text).toContainText('Is it worth entangling the code?');
  await expect(text).not.toContainText('There is no reliable way to submit');
  const folds = open.getByTestId('reader-fold');
  expect(await folds.count()).toBeGreaterThanOrEqual(2);
  await screenshot(page, 'conversation-01-open-1440');
  await folds.first().click();
  await expect(open.getByTestId('reader-folded-text').first()).toContainText('There is no reliable way to submit');
  await expect(folds.first()).toHaveAttribute('aria-expanded', 'true');
  await screenshot(page, 'conversation-02-quote-unfolded');

  // The reply Jens deleted comes back with the thread, marked.
  const trashed = messages.filter({ has: page.getByTestId('conversation-place') });
  await expect(trashed).toHaveCount(1);
  await expect(trashed.getByTestId('conversation-place')).toHaveText('in Trash');
  await trashed.getByTestId('reader-thread-item').evaluate((row) => row.scrollIntoView({ block: 'start' }));
  await screenshot(page, 'conversation-03-in-trash');

  // n and p move between messages, opening each; Enter on a row folds it again.
  const openIndex = await messages.evaluateAll((items) => items.findIndex((item) => item.classList.contains('is-open')));
  await page.getByTestId('reading-pane').focus();
  await page.keyboard.press('n');
  const next = messages.nth(openIndex + 1);
  await expect(next).toHaveAttribute('data-state', 'expanded');
  await expect(next.getByTestId('reader-thread-item')).toBeFocused();
  await expect(next.getByTestId('reader-text')).toBeVisible();
  await page.keyboard.press('p');
  await page.keyboard.press('p');
  const previous = messages.nth(openIndex - 1);
  await expect(previous).toHaveAttribute('data-state', 'expanded');
  await expect(previous.getByTestId('reader-thread-item')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(previous).toHaveAttribute('data-state', 'collapsed');

  // A click on a folded row opens it.
  await messages.first().getByTestId('reader-thread-item').click();
  await expect(messages.first()).toHaveAttribute('data-state', 'expanded');
  await expect(messages.first().getByTestId('reader-text')).toContainText('There is no reliable way to submit');

  await page.getByTestId('conversation-expand-all').click();
  await expect(page.locator('[data-testid="conversation-message"][data-state="collapsed"]')).toHaveCount(0);
  await expect(page.getByTestId('conversation-expand-all')).toBeDisabled();
  await screenshot(page, 'conversation-04-expanded-all');
  await page.getByTestId('conversation-collapse-all').click();
  await expect(page.locator('[data-testid="conversation-message"][data-state="expanded"]')).toHaveCount(0);

  // The Conversation button shows one message at a time again, with the thread as a strip; the choice is remembered.
  await page.getByTestId('reader-conversation-toggle').click();
  await expect(page.getByTestId('conversation')).toHaveCount(0);
  await expect(page.getByTestId('reader-thread-item')).toHaveCount(threadSize);
  await expect(page.getByTestId('reader-text')).toContainText('> There is no reliable way to submit');
  await page.reload();
  await typeInSearchBar(page, SEARCH);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-count')).toHaveText('1 result');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reader-conversation-toggle')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('reader-message')).toBeVisible();
  await page.getByTestId('reader-conversation-toggle').click();
  await expect(page.getByTestId('conversation')).toBeVisible();

  // The same choice is under Settings › Result list, and applies at once.
  await page.keyboard.press('Control+,');
  const setting = page.getByTestId('settings-conversation-view');
  await expect(setting).toBeChecked();
  await setting.uncheck();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-dialog')).toHaveCount(0);
  await expect(page.getByTestId('conversation')).toHaveCount(0);
  await expect(page.getByTestId('reader-conversation-toggle')).toHaveAttribute('aria-pressed', 'false');
});

test('the conversation at 1024, 1280 and 1440 pixels wide', async ({ page, lantern }) => {
  await page.goto(lantern.url);
  await importSlice(page);
  await typeInSearchBar(page, SEARCH);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-count')).toHaveText('1 result');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const open = page.locator('[data-testid="conversation-message"].is-open');
  await expect(open.getByTestId('reader-text')).toBeVisible();
  for (const { width, height } of SCREEN_SIZES) {
    await page.setViewportSize({ width, height });
    await expect(open.getByTestId('reader-thread-item')).toBeVisible();
    // Nothing in the pane is wider than the window.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
    await screenshot(page, `conversation-05-at-${width}`);
  }
});
