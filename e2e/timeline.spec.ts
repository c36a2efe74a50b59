// The timeline above the results: drag across its bars with the mouse to narrow the dates, then Shift+arrows and Enter;
// click a facet on and off; the counts agree with the result count. Real io-uring list mail.
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { dropFile, expect, readFirstMessages, SCREEN_SIZES, screenshot, sharedRoot, test, typeInSearchBar } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'io-uring-list.mbox.gz');
const MESSAGES = 800;

const results = (count: number): string => `${count.toLocaleString('en-US')} result${count === 1 ? '' : 's'}`;

/** The bars once the timeline answers the list on screen for `query`. */
async function currentBars(page: Page, query: string): Promise<{ start: string; end: string; count: number }[]> {
  await expect(page.getByTestId('timeline-panel')).toHaveAttribute('data-query', query);
  await expect(page.getByTestId('timeline-panel')).toHaveAttribute('aria-busy', 'false');
  return page
    .getByTestId('timeline-bar')
    .evaluateAll((bars) => bars.map((bar) => ({ start: bar.dataset.start!, end: bar.dataset.end!, count: Number(bar.dataset.count) })));
}

async function centre(bar: Locator): Promise<{ x: number; y: number }> {
  const box = (await bar.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('drag across the timeline to narrow a search, then click a facet on and off', async ({ page, lantern }) => {
  await page.goto(lantern.url);
  await dropFile(page, 'io-uring.mbox', await readFirstMessages(CORPUS, MESSAGES), 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();

  await typeInSearchBar(page, 'io_uring');
  await page.keyboard.press('Enter');
  // Folded until opened.
  await expect(page.getByTestId('timeline-fold')).toHaveAttribute('aria-expanded', 'false');
  await page.getByTestId('timeline-fold').click();
  const panel = page.getByTestId('timeline-panel');
  const count = page.getByTestId('result-count');
  let bars = await currentBars(page, 'io_uring');
  const total = Number(await panel.getAttribute('data-total'));
  expect(total).toBeGreaterThan(0);
  // The header and the histogram count the same matches.
  await expect(count).toHaveText(results(total));
  expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBeLessThanOrEqual(total);
  expect(bars.length).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('timeline-bars')).toHaveAccessibleName(/^Timeline by (day|month|year)/);

  // Drag from the second bar to the fourth (or the last) with the mouse.
  const barLocators = page.getByTestId('timeline-bar');
  const [first, last] = [1, Math.min(3, bars.length - 1)];
  const from = await centre(barLocators.nth(first));
  const to = await centre(barLocators.nth(last));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, to.y, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await expect(page.getByTestId('timeline-focus')).toContainText('–');
  await screenshot(page, 'timeline-dragging');
  await page.mouse.up();

  const dragged = bars.slice(first, last + 1);
  const input = page.getByTestId('search-input');
  const range = `io_uring after:${dragged[0]!.start} before:${dragged.at(-1)!.end}`;
  await expect(input).toHaveValue(range);
  const narrowed = dragged.reduce((sum, bar) => sum + bar.count, 0);
  await expect(count).toHaveText(results(narrowed));
  await expect(panel).toHaveAttribute('data-total', String(narrowed));

  // Keyboard: Tab reaches the bars; End, Shift+ArrowLeft and Enter narrow to the last two.
  bars = await currentBars(page, range);
  await page.getByTestId('timeline-fold').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('timeline-bars')).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page.getByTestId('timeline-bar').and(page.locator('[aria-selected="true"]'))).toHaveCount(2);
  await page.keyboard.press('Enter');
  const lastTwo = bars.slice(-2).reduce((sum, bar) => sum + bar.count, 0);
  await expect(input).toHaveValue(`io_uring after:${bars.at(-2)!.start} before:${bars.at(-1)!.end}`);
  await expect(count).toHaveText(results(lastTwo));

  // A facet click adds its operator; the count is the facet's; a second click takes it out again.
  await typeInSearchBar(page, 'io_uring');
  await page.keyboard.press('Enter');
  await currentBars(page, 'io_uring');
  const sender = page.getByTestId('facet-senders').getByTestId('facet-value').first();
  const operator = (await sender.getAttribute('data-operator'))!;
  const senderCount = Number((await sender.locator('.timeline-facet-count').textContent())!.replace(/,/g, ''));
  await expect(sender).toHaveAttribute('aria-pressed', 'false');
  await sender.click();
  await expect(input).toHaveValue(`io_uring ${operator}`);
  await expect(count).toHaveText(results(senderCount));
  const pressed = page.locator(`[data-testid="facet-value"][data-operator="${operator}"]`);
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');
  await expect(panel).toHaveAttribute('data-total', String(senderCount));
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `timeline-${size.width}`);
  }
  await pressed.click();
  await expect(input).toHaveValue('io_uring');
  await expect(count).toHaveText(results(total));
  await expect(page.locator(`[data-testid="facet-value"][data-operator="${operator}"]`)).toHaveAttribute('aria-pressed', 'false');

  // The toggle folds the timeline away and brings it back, by keyboard.
  const fold = page.getByTestId('timeline-fold');
  await fold.focus();
  await page.keyboard.press('Enter');
  await expect(fold).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('timeline-bars')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(fold).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('timeline-bar').first()).toBeVisible();
});
