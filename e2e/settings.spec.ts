// Settings as a person uses them: open with Ctrl+, , a wrong time zone is refused by name, backups and the MCP snippet.
import path from 'node:path';
import { dropFile, expect, readFirstMessages, screenshot, sharedRoot, test } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'usrp-users-list.mbox.gz');

test('settings: time zone, answer provider warning, back up now, the MCP snippet', async ({ page, lantern }) => {
  await page.goto(lantern.url);
  await dropFile(page, 'usrp-20.mbox', await readFirstMessages(CORPUS, 20), 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 60_000 });
  await page.getByTestId('import-dismiss').click();

  await page.keyboard.press('Control+,');
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('settings-mcp-snippet')).toContainText(`"${lantern.dataDir}"`);

  await page.getByTestId('settings-time-zone').fill('Mars/Olympus');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-status')).toContainText('"Mars/Olympus" is not a time zone');
  await page.getByTestId('settings-time-zone').fill('Asia/Tokyo');

  await page.getByTestId('settings-provider-openai').check();
  await dialog.getByPlaceholder('gpt-4o-mini').fill('gpt-4o-mini');
  await dialog.getByPlaceholder('https://api.openai.com/v1').fill('https://api.example.com/v1');
  await expect(page.getByTestId('settings-leaves-machine')).toContainText('https://api.example.com/v1');
  await page.getByTestId('settings-provider-extractive').check();
  await expect(page.getByTestId('settings-leaves-machine')).toHaveCount(0);

  await page.getByTestId('settings-backups-keep').fill('2');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-status')).toHaveText('Saved.');

  await page.getByTestId('settings-backup-now').click();
  await expect(page.getByTestId('settings-status')).toHaveText('Backed up 20 messages.');
  await expect(page.getByTestId('settings-backup-list').locator('li')).toHaveCount(1);
  await screenshot(page, 'settings-01');

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // Saved in the data folder: a reopened dialog shows them.
  await page.getByTestId('settings-open').click();
  await expect(page.getByTestId('settings-time-zone')).toHaveValue('Asia/Tokyo');
  await expect(page.getByTestId('settings-backups-keep')).toHaveValue('2');
});
