// Panes are resized by dragging their edges or with the keyboard, fold away, and keep their sizes after a reload.
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';

async function width(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => Math.round(element.getBoundingClientRect().width));
}

test('drag, keyboard, fold and remember the pane sizes', async ({ page, lantern }) => {
  await page.goto(lantern.url);
  await expect(page.getByTestId('first-run')).toBeVisible();
  const folderBefore = await width(page, '.folder-pane');
  expect(folderBefore).toBe(240);

  const edge = page.getByTestId('pane-resizer-folder');
  const box = (await edge.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + 200, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + 200, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => width(page, '.folder-pane')).toBe(320);

  // Keyboard: the edge of the result column moves 16 px per arrow press.
  const resultsEdge = page.getByTestId('pane-resizer-results');
  const before = Number(await resultsEdge.getAttribute('aria-valuenow'));
  await resultsEdge.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(resultsEdge).toHaveAttribute('aria-valuenow', String(before + 32));

  // Enter on the folder edge folds the folder pane away; the sizes survive a reload.
  await edge.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => width(page, '.folder-pane')).toBeLessThan(2);
  await screenshot(page, 'panes-folded');
  await page.reload();
  await expect(page.getByTestId('first-run')).toBeVisible();
  await expect.poll(() => width(page, '.folder-pane')).toBeLessThan(2);
  await expect(page.getByTestId('pane-resizer-results')).toHaveAttribute('aria-valuenow', String(before + 32));
  await page.getByTestId('pane-resizer-folder').dblclick();
  await expect.poll(() => width(page, '.folder-pane')).toBe(320);
});
