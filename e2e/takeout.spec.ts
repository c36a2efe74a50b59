// A first run with a Gmail Takeout mbox: drop it, watch it import, and find its labels in the tree with their counts.
import path from 'node:path';
import { dropFile, expect, readFirstMessages, screenshot, sharedRoot, test } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'usrp-users-list.mbox.gz');
const MESSAGE_COUNT = 40;

/** Gmail's labels for message `index`: every message has some, the counts differ per label. */
function labelsFor(index: number): string[] {
  const labels = ['Opened'];
  if (index % 2 === 0) labels.push('Inbox');
  if (index % 3 === 0) labels.push('Important');
  if (index % 5 === 0) labels.push('Projects/Alpha');
  if (index % 4 === 1) labels.push('Category updates');
  return labels;
}

/** The corpus slice as Takeout writes it: "From <thread>@xxx <date>" separators, X-GM-THRID and X-Gmail-Labels headers. */
function asTakeout(mbox: Buffer): { bytes: Buffer; counts: Map<string, number> } {
  const parts = mbox.toString('latin1').split(/\n(?=From \S+ )/);
  const counts = new Map<string, number>();
  const rewritten = parts.map((part, index) => {
    const labels = labelsFor(index);
    for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
    const newline = part.indexOf('\n');
    const separator = part.slice(0, newline).replace(/^From \S+/, `From 17${String(index).padStart(17, '0')}@xxx`);
    const header = `X-GM-THRID: 17${String(index).padStart(17, '0')}\nX-Gmail-Labels: ${labels.join(',')}\n`;
    return `${separator}\n${header}${part.slice(newline + 1)}`;
  });
  return { bytes: Buffer.from(rewritten.join('\n'), 'latin1'), counts };
}

test('first run: drop a Takeout mbox, see the progress, and the labels with their counts in the tree', async ({ page, lantern }) => {
  const takeout = asTakeout(await readFirstMessages(CORPUS, MESSAGE_COUNT));
  expect(takeout.counts.get('Opened')).toBe(MESSAGE_COUNT);

  await page.goto(lantern.url);
  await expect(page.getByTestId('first-run')).toBeVisible();
  await screenshot(page, 'takeout-01-first-run');
  await dropFile(page, 'All mail Including Spam and Trash.mbox', takeout.bytes, 'application/mbox');
  await expect(page.getByTestId('import-panel')).toBeVisible();
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('import-imported')).toHaveText(String(MESSAGE_COUNT));
  await page.getByTestId('import-dismiss').click();

  for (const label of ['Inbox', 'Important', 'Projects/Alpha']) {
    const item = page.locator(`[data-testid="folder-item"][data-kind="label"][data-path="${label}"]`);
    await expect(item, label).toBeVisible();
    await expect(item.locator('.tree-count'), label).toHaveText(String(takeout.counts.get(label)));
  }
  // Gmail's order: system labels, then categories, then the user's nested on "/"; read state is not a place.
  await expect(page.locator('[data-testid="folder-item"][data-kind="label"] .tree-name')).toHaveText([
    'Inbox',
    'Important',
    'Updates',
    'Projects',
    'Alpha',
  ]);
  await screenshot(page, 'takeout-02-labels');

  // A label in the tree scopes the search; its result count is the label's count.
  await page.locator('[data-testid="folder-item"][data-kind="label"][data-path="Important"]').click();
  await expect(page.getByTestId('result-count')).toHaveText(`${takeout.counts.get('Important')} results`);
  // Gmail's own operators work on the same labels.
  await page.getByTestId('search-input').fill('in:inbox category:updates');
  await page.keyboard.press('Enter');
  const both = [...Array(MESSAGE_COUNT).keys()].filter(
    (index) => labelsFor(index).includes('Inbox') && labelsFor(index).includes('Category updates'),
  ).length;
  await expect(page.getByTestId('result-count')).toHaveText(both === 0 ? 'No messages match' : `${both} result${both === 1 ? '' : 's'}`);
});
