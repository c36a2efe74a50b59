// Text read from images in browser mode: drop mail with a scanned receipt and scanned letters, watch the status bar read
// them, then find the receipt by a word that is only in its picture; the hit says where that word came from.
import { mimeMessage } from '../test/mimeMessage';
import { renderLines, scannedPdf } from '../src/engine/ocr/ocrFixtures';
import { dropFile, expect, SCREEN_SIZES, screenshot, test, typeInSearchBar } from './fixtures';

const LETTERS = [
  ['The orchard cooperative met on Monday.', 'The cider press will be repaired in spring.'],
  ['Minutes of the harbour board.', 'The breakwater survey is due in April.'],
  ['Notes from the village library.', 'Volunteers will catalogue the map collection.'],
];

test('a scanned receipt becomes searchable after import, and its hit says the text was read from the image', async ({ page, lantern }) => {
  const receipt = renderLines(['Receipt: walnut bookshelf, delivered', 'to the reading room on Friday.']);
  const letters = await Promise.all(LETTERS.map((lines) => scannedPdf(lines)));
  const mbox = Buffer.concat(
    [
      mimeMessage('receipt', 'Scanned receipt', 'The receipt is attached.', [
        { filename: 'receipt.png', contentType: 'image/png', bytes: receipt },
      ]),
      ...letters.map((bytes, index) =>
        mimeMessage(`letter-${index}`, `Scanned letter ${index + 1}`, 'See the scan.', [
          { filename: `letter-${index + 1}.pdf`, contentType: 'application/pdf', bytes },
        ]),
      ),
    ].flatMap((message) => [message, Buffer.from('\n')]),
  );

  await page.goto(lantern.url);
  await dropFile(page, 'scans.mbox', mbox, 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await expect(page.getByTestId('import-imported')).toHaveText('4');
  await page.getByTestId('import-dismiss').click();

  // The OCR stage runs after the import: the status bar counts the messages whose images it has read.
  const status = page.getByTestId('image-text-status');
  await expect(status).toContainText(/Reading images: \d of 4 messages/, { timeout: 60_000 });
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `image-text-status-${size.width}`);
  }
  await expect(status).toBeHidden({ timeout: 120_000 });

  // Once the scans have vectors, search by meaning may add the library letter after the receipt: the receipt comes first.
  await typeInSearchBar(page, 'bookshelf');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-subject').first()).toHaveText('Scanned receipt');
  await expect(page.getByTestId('result-matched-in').first()).toHaveText('text read from the image');
  await expect(page.getByTestId('result-matched-in').first()).toHaveAttribute(
    'title',
    'The words were found in text read from the image receipt.png',
  );

  await typeInSearchBar(page, '"breakwater survey"');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-subject').first()).toHaveText('Scanned letter 2');
  await expect(page.getByTestId('result-matched-in').first()).toHaveText('text read from the image');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reader-subject')).toHaveText('Scanned letter 2');
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `image-text-${size.width}`);
  }
});
