// Nothing matches, as Gmail says it, with an offer of messages about similar things: misspelt words about the archive's
// topics, typed fast, show "No messages match" and "Show N messages about similar things"; Tab reaches the offer and
// Enter lists exactly N messages found by meaning.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dropFile, expect, readFirstMessages, screenshot, sharedRoot, test, typeInSearchBar, SCREEN_SIZES } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'usrp-users-list.mbox.gz');
const MESSAGE_COUNT = 250;
/** No message holds any of these words, and none is near enough in meaning to match; a few dozen are about FPGA images. */
const MISSPELT = 'fpgaaa imageee upgraddde';
/** From the search bar, Tab passes its own buttons, the toolbar, the folders and the list's toggles first (18 today). */
const MAX_TABS = 24;

/**
 * The corpus's first messages without images. The app reads images' text by OCR, and a screenshot's text read as
 * letter soup ("SOT AER EER I iT TR") is near any string of odd letters by meaning: with them, these words find 3
 * screenshots, a matter for OCR's own text, not for this test of the offer.
 */
async function mailWithoutImages(): Promise<Buffer> {
  const text = (await readFirstMessages(CORPUS, MESSAGE_COUNT)).toString('latin1');
  const messages = text.split(/\n(?=From )/).filter((message) => !/^Content-Type:\s*image\//im.test(message));
  return Buffer.from(messages.join('\n'), 'latin1');
}

async function shootAtEverySize(page: Page, name: string): Promise<void> {
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${size.width}`);
  }
  await page.setViewportSize(SCREEN_SIZES[1]);
}

function hasFocus(page: Page): Promise<boolean> {
  return page.getByTestId('similar-offer').evaluate((element) => element === element.ownerDocument.activeElement);
}

/** Presses Tab (Shift+Tab backwards) until the offer has the focus, as a keyboard user would; fails past MAX_TABS. */
async function tabToOffer(page: Page, key: 'Tab' | 'Shift+Tab'): Promise<number> {
  for (let presses = 1; presses <= MAX_TABS; presses += 1) {
    await page.keyboard.press(key);
    if (await hasFocus(page)) return presses;
  }
  throw new Error(`e2e similar: the offer was not reached in ${MAX_TABS} presses of ${key}`);
}

test('a search that finds nothing offers the messages about similar things, and Tab then Enter lists them', async ({ page, lantern }) => {
  test.setTimeout(400_000);
  await page.setViewportSize(SCREEN_SIZES[1]);
  await page.goto(lantern.url);
  await dropFile(page, 'usrp-without-images.mbox', await mailWithoutImages(), 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 120_000 });
  await page.getByTestId('import-dismiss').click();
  // Meaning search needs the vectors: the status bar counts them and goes quiet once every message has them.
  await expect(page.getByTestId('embedding-status')).toBeVisible({ timeout: 60_000 });
  // At the narrowest size, where the status bar's items fill its line.
  await page.setViewportSize(SCREEN_SIZES[0]);
  const panesWhileEmbedding = await page.locator('.panes').boundingBox();
  await expect(page.getByTestId('embedding-status')).toHaveCount(0, { timeout: 300_000 });
  // Its count and Pause button going away do not move the panes.
  expect(await page.locator('.panes').boundingBox()).toEqual(panesWhileEmbedding);
  await page.setViewportSize(SCREEN_SIZES[1]);

  await typeInSearchBar(page, MISSPELT);
  const count = page.getByTestId('result-count');
  await expect(count).toHaveText('No messages match');
  const offer = page.getByTestId('similar-offer');
  await expect(offer).toHaveText(/^Show \d+ messages about similar things$/);
  const offered = Number(/\d+/.exec(await offer.innerText())![0]);
  expect(offered).toBeGreaterThan(0);
  await expect(page.getByTestId('result-item')).toHaveCount(0);
  if (await page.getByTestId('search-suggestions').isVisible()) await page.keyboard.press('Escape');
  await shootAtEverySize(page, 'similar-offer');

  // From the search bar, Tab gets there; from the (empty) list, the way in from the search bar, Shift+Tab goes back to
  // it past the timeline's toggle.
  await tabToOffer(page, 'Tab');
  await page.keyboard.press('/');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('result-list')).toBeFocused();
  expect(await tabToOffer(page, 'Shift+Tab')).toBeLessThanOrEqual(2);
  await page.keyboard.press('Enter');
  await expect(count).toHaveText(`${offered} results`);
  await expect(page.getByTestId('result-note')).toHaveText('Messages about similar things (none matched)');
  await expect(offer).toHaveCount(0);
  await expect(page.getByTestId('result-item').first()).toBeVisible();
  await shootAtEverySize(page, 'similar-results');

  // A new search is a search again: words nothing is near give "No messages match" and no offer.
  await typeInSearchBar(page, 'xylophonequartz');
  await expect(count).toHaveText('No messages match');
  await expect(offer).toHaveCount(0);
  await page.goto('about:blank');
});
