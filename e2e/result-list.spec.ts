// The result list draws only the rows in view and fetches the next page as you scroll: smooth at any size.
import path from 'node:path';
import { dropFile, expect, readFirstMessages, screenshot, sharedRoot, test } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'usrp-users-list.mbox.gz');

test('300 results: a few dozen rows drawn, pages fetched on scroll, the keyboard reaches the last one', async ({ page, lantern }) => {
  await page.goto(lantern.url);
  await dropFile(page, 'usrp-300.mbox', await readFirstMessages(CORPUS, 300), 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();
  const messagesInStore = async (): Promise<number> =>
    Number((await page.getByTestId('store-stats').textContent())?.match(/^([\d,]+) messages/)?.[1]?.replace(/,/g, '') ?? 0);
  await expect.poll(messagesInStore).toBeGreaterThan(290);
  const total = await messagesInStore();
  await expect(page.getByTestId('result-count')).toHaveText(`${total} results`);

  const list = page.getByTestId('result-list');
  const drawn = await page.getByTestId('result-item').count();
  expect(drawn).toBeGreaterThan(5);
  expect(drawn).toBeLessThan(40);
  // Threads of the list show their size.
  await expect(page.getByTestId('result-thread-size').first()).toBeVisible();

  // Scrolling to the end fetches the remaining pages; the last row is drawn and the DOM stays small.
  const scroller = page.locator('.result-scroll');
  await expect(async () => {
    await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(list).toHaveAttribute('data-loaded', String(total), { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(page.locator(`[data-testid="result-item"][data-index="${total - 1}"]`)).toBeVisible();
  expect(await page.getByTestId('result-item').count()).toBeLessThan(40);
  await screenshot(page, 'result-list-end');

  // Back at the top, k/j move the selection and Enter opens the selected mail.
  await scroller.evaluate((element) => element.scrollTo(0, 0));
  await list.focus();
  for (let step = 0; step < 12; step += 1) await page.keyboard.press('j');
  const selected = page.locator('[data-testid="result-item"][aria-selected="true"]');
  await expect(selected).toHaveAttribute('data-index', '12');
  await expect(selected).toBeInViewport();
  const subject = await selected.getByTestId('result-subject').textContent();
  // The reader also lists the open mail's thread; that answer must arrive before the fixture stops the server.
  // (networkidle cannot wait for it: the page reached that state long ago, so it returns at once.)
  const threadListed = page.waitForResponse(
    (response) => response.url().endsWith('/api/call/search') && (response.request().postData() ?? '').includes('thread:'),
  );
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reader-subject')).toHaveText(subject ?? '');
  await threadListed;
});
