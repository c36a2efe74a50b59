// Attachments in browser mode: drop an mbox, open a mail with the keyboard, Save downloads the attachment's exact bytes;
// a program is never opened, only downloaded.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { mimeMessage } from '../test/mimeMessage';
import { dropFile, expect, screenshot, sharedRoot, test, typeInSearchBar } from './fixtures';

const PDF_PATH = path.join(sharedRoot, 'fixtures/mimekit/UnitTests/TestData/tnef/MAPI_ATTACH_DATA_OBJ/VIA_Nytt_1402.pdf');

test('open a mail with the keyboard and save its attachment: the download holds the same bytes', async ({ page, lantern }) => {
  const pdf = await readFile(PDF_PATH);
  const program = Buffer.from('MZ this stands in for a program');
  const mbox = Buffer.concat([
    mimeMessage('newsletter', 'The VIA newsletter', 'The newsletter is attached.', [
      { filename: 'VIA_Nytt_1402.pdf', contentType: 'application/pdf', bytes: pdf },
      { filename: 'setup.exe', contentType: 'application/octet-stream', bytes: program },
    ]),
    Buffer.from('\n'),
    mimeMessage('plain', 'No files here', 'Just text.', []),
  ]);

  await page.goto(lantern.url);
  await dropFile(page, 'attachments.mbox', mbox, 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await expect(page.getByTestId('import-imported')).toHaveText('2');
  await page.getByTestId('import-dismiss').click();

  await typeInSearchBar(page, 'has:pdf');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('result-count')).toHaveText('1 result');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('result-list')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reader-subject')).toHaveText('The VIA newsletter');

  const items = page.getByTestId('attachment-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('VIA_Nytt_1402.pdf');
  await expect(items.nth(0).getByTestId('attachment-save')).toHaveAccessibleName('Save VIA_Nytt_1402.pdf');
  await expect(items.nth(0).getByTestId('attachment-open')).toHaveAccessibleName('Open VIA_Nytt_1402.pdf');

  // Keyboard: from the reading pane, Tab reaches the buttons (they sit in the headers, before the body).
  await page.getByTestId('reading-pane').focus();
  const save = items.nth(0).getByTestId('attachment-save');
  for (let step = 0; step < 20 && !(await save.evaluate((element) => element === element.ownerDocument.activeElement)); step += 1)
    await page.keyboard.press('Tab');
  await expect(save).toBeFocused();

  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('VIA_Nytt_1402.pdf');
  expect((await readFile(await download.path())).equals(pdf)).toBe(true);
  await expect(page.getByTestId('attachment-status')).toContainText('Downloading VIA_Nytt_1402.pdf');
  await expect(save).toBeFocused();

  // A program's Open is marked unavailable (aria-disabled, still focusable): pressing it only says why, beside the list.
  const openProgram = items.nth(1).getByTestId('attachment-open');
  await expect(openProgram).toHaveAttribute('aria-disabled', 'true');
  await openProgram.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('attachment-error')).toContainText('“setup.exe” is a program or script, which Lantern never opens');
  await screenshot(page, 'attachments-01-list');
  const [programDownload] = await Promise.all([page.waitForEvent('download'), items.nth(1).getByTestId('attachment-save').click()]);
  expect((await readFile(await programDownload.path())).equals(program)).toBe(true);
  await expect(page.getByTestId('attachment-error')).toHaveCount(0);
});
