// The attachment gallery in browser mode: drop an mbox, search, open the gallery with g, preview a PDF with the search
// word boxed on its page and a photo with Enter; a program is never previewed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { mimeMessage } from '../test/mimeMessage';
import { dropFile, expect, screenshot, SCREEN_SIZES, sharedRoot, test, typeInSearchBar } from './fixtures';

const TNEF = path.join(sharedRoot, 'fixtures/mimekit/UnitTests/TestData/tnef');

test('open the gallery by keyboard and preview a PDF page with the match marked, then a photo', async ({ page, lantern }) => {
  const pdf = await readFile(path.join(TNEF, 'MAPI_ATTACH_DATA_OBJ/VIA_Nytt_1402.pdf'));
  const photo = await readFile(path.join(TNEF, 'christmas/kitten-playing-with-a-christmas-tree.jpg'));
  const mbox = Buffer.concat([
    mimeMessage('newsletter', 'The VIA newsletter', 'The newsletter is attached.', [
      { filename: 'VIA_Nytt_1402.pdf', contentType: 'application/pdf', bytes: pdf },
      { filename: 'setup.exe', contentType: 'application/octet-stream', bytes: Buffer.from('MZ this stands in for a program') },
    ]),
    Buffer.from('\n'),
    mimeMessage('photo', 'A photo from the party', 'Look at this one.', [
      { filename: 'kitten-playing.jpg', contentType: 'image/jpeg', bytes: photo },
    ]),
    Buffer.from('\n'),
    mimeMessage('plain', 'No files here', 'Just text.', []),
  ]);

  await page.goto(lantern.url);
  await dropFile(page, 'gallery.mbox', mbox, 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();

  // "august" is only in the PDF's text: the result row says the match came from the attachment.
  await typeInSearchBar(page, 'august');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-count')).toHaveText('1 result');
  await expect(page.getByTestId('result-matched-in')).toHaveText('matched in VIA_Nytt_1402.pdf');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('result-list')).toBeFocused();

  await expect(page.getByTestId('gallery-toggle')).toHaveAttribute('aria-pressed', 'false');
  await screenshot(page, 'gallery-toggle-in-list');
  await page.keyboard.press('g');
  const grid = page.getByTestId('gallery-grid');
  await expect(grid).toBeFocused();
  await expect(page.getByTestId('gallery-count')).toHaveText('2 attachments in the matching mail');
  const cards = page.getByTestId('gallery-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-filename', 'VIA_Nytt_1402.pdf');
  await expect(cards.nth(0)).toHaveAttribute('aria-label', /VIA_Nytt_1402\.pdf, .* from Ada Lovelace, .*the search words are in it/);
  await expect(cards.nth(0).getByTestId('gallery-thumbnail')).toBeVisible();
  await expect(cards.nth(1)).toHaveAttribute('data-can-preview', 'false');
  await expect(cards.nth(1)).toContainText('Program: save only');

  await page.keyboard.press('Enter');
  const preview = page.getByTestId('attachment-preview');
  await expect(page.getByTestId('preview-title')).toHaveText('VIA_Nytt_1402.pdf');
  const pdfPage = page.getByTestId('preview-pdf-page');
  await expect(pdfPage).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('preview-page-number')).toHaveText('Page 1 of 2');
  await expect.poll(() => pdfPage.locator('img').evaluate((image) => (image as { naturalWidth: number }).naturalWidth)).toBe(1200);
  await expect(page.getByTestId('preview-mark').first()).toBeVisible();
  await expect(pdfPage).toHaveAttribute('aria-label', /Page 1: \d+ match(es)? of the search words marked/);
  await expect(grid).toBeFocused();
  for (const { width, height } of SCREEN_SIZES) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `gallery-pdf-${width}`);
  }

  // The program: Enter says why there is no preview, and the PDF stays in the pane.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('gallery-refusal')).toContainText('“setup.exe” is a program or script: Lantern never previews or opens it');
  await expect(page.getByTestId('preview-title')).toHaveText('VIA_Nytt_1402.pdf');

  await typeInSearchBar(page, 'kitten');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('gallery-count')).toHaveText('1 attachment in the matching mail');
  await page.keyboard.press('ArrowDown');
  await expect(grid).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('preview-title')).toHaveText('kitten-playing.jpg');
  const image = page.getByTestId('preview-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(100);
  await expect(image).toHaveAccessibleName('kitten-playing.jpg');
  for (const { width, height } of SCREEN_SIZES) {
    await page.setViewportSize({ width, height });
    await screenshot(page, `gallery-image-${width}`);
  }

  // g again: back to the list, whose row opens the message in the reading pane as before.
  await page.keyboard.press('g');
  await expect(page.getByTestId('result-list')).toBeFocused();
  await expect(preview).toHaveCount(0);
});
