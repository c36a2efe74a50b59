// Searching as one types: a word cut short at the end of the box already finds the mail with the words it begins, and
// Enter searches the words as typed.
import path from 'node:path';
import { dropFile, expect, readFirstMessages, screenshot, sharedRoot, test, typeInSearchBar } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'usrp-users-list.mbox.gz');
const MESSAGE_COUNT = 100;

test('the last word, cut short while typing, finds the words it begins; Enter takes it as typed', async ({ page, lantern }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(lantern.url);
  await dropFile(page, 'usrp-100.mbox', await readFirstMessages(CORPUS, MESSAGE_COUNT), 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();

  const count = page.getByTestId('result-count');
  await typeInSearchBar(page, 'firmwa');
  // Fewer than the whole archive and more than none: the mail that speaks of firmware, ranked by the words.
  const shown = async (): Promise<number> => Number((await count.innerText()).replace(/\D+/g, '') || 0);
  await expect.poll(shown).toBeLessThan(MESSAGE_COUNT);
  await expect.poll(shown).toBeGreaterThan(0);
  await expect(page.getByText('best matches first')).toBeVisible();
  await expect(page.locator('mark', { hasText: /^firmware$/i }).first()).toBeVisible();
  await screenshot(page, 'typing-prefix-1280');

  await page.keyboard.press('Enter');
  await expect(count).toHaveText('No messages match');
});
