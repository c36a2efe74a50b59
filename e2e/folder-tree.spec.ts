// The folder tree at real scale: an Outlook-style folder tree and a Gmail Takeout, nested, ordered, folded, filtered,
// described and driven by the keyboard; and 5,000 folders drawn a window at a time.
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { dropFile, expect, readFirstMessages, screenshot, sharedRoot, test } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'usrp-users-list.mbox.gz');
const LONG_NAME = '2001 budget review for the western region (final, with comments from legal)';

/** Where each Outlook-style message is filed (as a PST converter writes X-Folder): same-named leaves, empty parents. */
const OUTLOOK_FOLDERS = [
  'sbeck\\Inbox',
  'sbeck\\Sent Items',
  'sbeck\\Deleted Items',
  'Susan_Bailey_Dec2000\\Notes Folders\\Inbox',
  'Susan_Bailey_Dec2000\\Notes Folders\\Deleted Items',
  `Susan_Bailey_Dec2000\\Notes Folders\\Projects\\${LONG_NAME}`,
];

/** Gmail's labels by message, read and unread mixed, with nested user labels and a trashed message. */
const TAKEOUT_LABELS = [
  'Inbox,Unread',
  'Inbox,Opened,Starred',
  'Sent,Opened',
  'Projects/Alpha,Unread',
  'Projects/Beta,Opened',
  'Trash,Opened',
  'Inbox,Important,Category updates,Opened',
  'Spam,Unread',
];

function splitMessages(mbox: Buffer): string[] {
  return mbox.toString('latin1').split(/\n(?=From \S+ )/);
}

function withHeader(part: string, header: string): string {
  const newline = part.indexOf('\n');
  return `${part.slice(0, newline + 1)}${header}${part.slice(newline + 1)}`;
}

function outlookMbox(parts: string[]): Buffer {
  return Buffer.from(
    parts.map((part, index) => withHeader(part, `X-Folder: ${OUTLOOK_FOLDERS[index % OUTLOOK_FOLDERS.length]}\n`)).join('\n'),
    'latin1',
  );
}

function takeoutMbox(parts: string[]): Buffer {
  const rewritten = parts.map((part, index) => {
    const id = `18${String(index).padStart(17, '0')}`;
    const labelled = withHeader(part, `X-GM-THRID: ${id}\nX-Gmail-Labels: ${TAKEOUT_LABELS[index % TAKEOUT_LABELS.length]}\n`);
    return labelled.replace(/^From \S+/, `From ${id}@xxx`);
  });
  return Buffer.from(rewritten.join('\n'), 'latin1');
}

/** How many of `count` messages carry `label` in TAKEOUT_LABELS' rotation, and how many of those are unread. */
function labelCounts(count: number, label: string): { total: number; unread: number } {
  const carrying = [...Array(count).keys()]
    .map((index) => TAKEOUT_LABELS[index % TAKEOUT_LABELS.length]!.split(','))
    .filter((labels) => labels.includes(label));
  return { total: carrying.length, unread: carrying.filter((labels) => labels.includes('Unread')).length };
}

async function importFile(page: Page, name: string, bytes: Buffer, count: number): Promise<void> {
  await dropFile(page, name, bytes, 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await expect(page.getByTestId('import-imported')).toHaveText(count.toLocaleString('en-US'));
  await page.getByTestId('import-dismiss').click();
}

const row = (page: Page, kind: 'folder' | 'label', folderPath: string): Locator =>
  page.locator(`[data-testid="folder-item"][data-kind="${kind}"][data-path="${folderPath}"]`);

test('an Outlook folder tree and a Takeout: nested, in Gmail order, folded, filtered, described and driven by keys', async ({
  page,
  lantern,
}) => {
  const parts = splitMessages(await readFirstMessages(CORPUS, 72));
  const outlook = parts.slice(0, 36);
  const takeout = parts.slice(36);
  await page.goto(lantern.url);
  await expect(page.getByTestId('first-run')).toBeVisible();
  await importFile(page, 'enron-export.mbox', outlookMbox(outlook), outlook.length);
  await importFile(page, 'All mail Including Spam and Trash.mbox', takeoutMbox(takeout), takeout.length);

  // Folders nest by their paths; parents that hold no mail are shown, without a count.
  const parent = row(page, 'folder', 'Susan_Bailey_Dec2000');
  await expect(parent).toHaveAttribute('data-level', '2');
  await expect(parent).toHaveAttribute('aria-expanded', 'true');
  await expect(parent.locator('.tree-count')).toHaveCount(0);
  await expect(row(page, 'folder', 'Susan_Bailey_Dec2000/Notes Folders')).toHaveAttribute('data-level', '3');
  const susanInbox = row(page, 'folder', 'Susan_Bailey_Dec2000/Notes Folders/Inbox');
  await expect(susanInbox).toHaveAttribute('data-level', '4');
  await expect(susanInbox.locator('.tree-count')).toHaveText('6');
  await expect(row(page, 'folder', 'sbeck/Inbox')).toHaveAttribute('data-level', '3');
  const sources = page.getByTestId('folder-source');
  await expect(sources.locator('.tree-name')).toHaveText(['enron-export.mbox', 'All mail Including Spam and Trash.mbox']);

  // Gmail's labels first, in Gmail's order, categories, then user labels nested on "/"; read states are not places.
  await expect(page.locator('[data-testid="folder-item"][data-kind="label"] .tree-name')).toHaveText([
    'Inbox',
    'Starred',
    'Important',
    'Sent',
    'Spam',
    'Trash',
    'Updates',
    'Projects',
    'Alpha',
    'Beta',
  ]);
  await expect(row(page, 'label', 'Projects/Alpha')).toHaveAttribute('data-level', '3');
  const inbox = labelCounts(takeout.length, 'Inbox');
  await expect(row(page, 'label', 'Inbox').locator('.tree-count')).toHaveText(String(inbox.total));
  await expect(row(page, 'label', 'Inbox').getByTestId('folder-unread')).toHaveText(String(inbox.unread));
  // All mail counts what it lists: Trash and Spam left out.
  const allMail =
    parts.length -
    labelCounts(takeout.length, 'Trash').total -
    labelCounts(takeout.length, 'Spam').total -
    outlook.filter((_, index) => index % 6 === 2 || index % 6 === 4).length;
  await expect(page.getByTestId('folder-all').locator('.tree-count')).toHaveText(String(allMail));
  await expect(page.getByTestId('result-count')).toHaveText(`${allMail} results`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'folder-tree-1440');

  // The whole path, in a tooltip on hover: same-named folders are told apart, a cut-off name can be read.
  const longRow = row(page, 'folder', `Susan_Bailey_Dec2000/Notes Folders/Projects/${LONG_NAME}`);
  await longRow.hover();
  await expect(page.getByTestId('folder-tooltip')).toContainText(`Susan_Bailey_Dec2000 › Notes Folders › Projects › ${LONG_NAME}`);
  await expect(page.getByTestId('folder-tooltip')).toContainText('6 messages');
  await expect(longRow).toHaveAttribute('aria-describedby', 'folder-tooltip');
  await screenshot(page, 'folder-tree-tooltip');
  await susanInbox.hover();
  await expect(page.getByTestId('folder-tooltip')).toContainText('enron-export.mbox › Susan_Bailey_Dec2000 › Notes Folders › Inbox');

  // A click scopes the search to exactly that folder, by its whole path; a Trash label lists its mail; in:anywhere stays.
  await susanInbox.click();
  await expect(page.getByTestId('search-input')).toHaveValue(/^in:"\/Susan_Bailey_Dec2000\/Notes Folders\/Inbox"/);
  await expect(susanInbox).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('result-count')).toHaveText('6 results');
  await row(page, 'label', 'Inbox').click();
  await expect(page.getByTestId('result-count')).toHaveText(`${inbox.total} results`);
  await row(page, 'label', 'Trash').click();
  await expect(page.getByTestId('result-count')).toHaveText(`${labelCounts(takeout.length, 'Trash').total} results`);
  await page.getByTestId('search-input').fill('in:anywhere');
  await page.keyboard.press('Enter');
  await row(page, 'folder', 'sbeck/Deleted Items').click();
  await expect(page.getByTestId('search-input')).toHaveValue('in:"/sbeck/Deleted Items" in:anywhere');
  await expect(page.getByTestId('result-count')).toHaveText('6 results');

  // Folding is remembered across a reload.
  const sbeck = row(page, 'folder', 'sbeck');
  await sbeck.getByTestId('folder-twisty').click();
  await expect(sbeck).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, 'folder', 'sbeck/Inbox')).toHaveCount(0);
  await page.reload();
  await expect(row(page, 'folder', 'sbeck')).toHaveAttribute('aria-expanded', 'false');
  await expect(row(page, 'folder', 'sbeck/Inbox')).toHaveCount(0);
  await expect(susanInbox).toBeVisible();

  // The keyboard: ↓ from All mail (past People), → unfolds, → again goes in, Enter scopes, ← goes back to the parent and folds it.
  await page.getByTestId('folder-all').click();
  await expect(page.getByTestId('folder-all')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('folder-people')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(sources.first()).toBeFocused();
  await expect(page.getByTestId('folder-tooltip')).toContainText('enron-export.mbox');
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'folder', 'sbeck')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'folder', 'sbeck')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(row(page, 'folder', 'sbeck/Deleted Items')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(row(page, 'folder', 'sbeck/Inbox')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-input')).toHaveValue('in:/sbeck/Inbox');
  await expect(page.getByTestId('result-count')).toHaveText('6 results');
  await page.keyboard.press('ArrowLeft');
  await expect(row(page, 'folder', 'sbeck')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(row(page, 'folder', 'sbeck')).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('End');
  await expect(page.locator('[data-testid="folder-item"]').last()).toBeFocused();

  // The filter box: matches and the way to them, folded parents opened; ↓ goes into the matches; Esc clears.
  await page.getByTestId('folder-filter').click();
  await page.keyboard.type('inbox');
  // sbeck, its Inbox, Susan_Bailey_Dec2000, Notes Folders and its Inbox.
  await expect(page.locator('[data-testid="folder-item"][data-kind="folder"]')).toHaveCount(5);
  await expect(row(page, 'folder', 'sbeck/Inbox')).toBeVisible();
  await expect(row(page, 'label', 'Inbox')).toBeVisible();
  await expect(row(page, 'label', 'Trash')).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'folder-tree-filter-1280');
  await page.keyboard.press('ArrowDown');
  await expect(sources.first()).toBeFocused();
  await page.getByTestId('folder-filter').fill('no such folder');
  await expect(page.getByTestId('folder-filter-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('folder-filter')).toHaveValue('');
  await expect(row(page, 'folder', 'sbeck')).toHaveAttribute('aria-expanded', 'false');
  // At 1024 px the tree folds into a rail; its button opens the tree over the results.
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByTestId('folder-rail-toggle').click();
  await screenshot(page, 'folder-tree-1024');

  // Screen readers: a tree of items with levels, positions and fold states.
  await expect(page.getByRole('tree', { name: 'Folders and labels' })).toBeVisible();
  await expect(page.getByRole('treeitem', { name: /^Inbox, 6 messages$/ }).first()).toBeVisible();
  await expect(row(page, 'folder', 'sbeck')).toHaveAttribute('aria-posinset', '1');
});

/** 5,000 messages, each in a folder of its own, nested three deep under 50 people. */
function manyFoldersMbox(count: number): Buffer {
  const lines: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const folder = `person${String(index % 50).padStart(2, '0')}\\Projects ${Math.floor(index / 50) % 10}\\Folder ${String(index).padStart(4, '0')}`;
    lines.push(
      `From sender${index}@example.com Mon Jan  1 00:00:00 2001\nFrom: sender${index}@example.com\nTo: someone@example.com\nSubject: note ${index}\n` +
        `Date: Mon, 1 Jan 2001 00:00:00 +0000\nMessage-ID: <note-${index}@example.com>\nX-Folder: ${folder}\n\nbody of note ${index}\n`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

test('5,000 folders: drawn a window at a time, keys and the filter stay quick', async ({ page, lantern }) => {
  const count = 5000;
  await page.goto(lantern.url);
  await expect(page.getByTestId('first-run')).toBeVisible();
  await importFile(page, 'many-folders.mbox', manyFoldersMbox(count), count);
  // 5,000 folders, 500 "Projects n" parents and 50 people, one source.
  await expect(page.getByTestId('folder-tree')).toHaveAttribute('data-rows', String(count + 500 + 50 + 1));

  const started = Date.now();
  await page.reload();
  await expect(row(page, 'folder', 'person00')).toBeVisible();
  const reloadMs = Date.now() - started;
  const drawn = await page.locator('.tree-rows > [role="treeitem"]').count();
  expect(drawn).toBeLessThan(80);

  await row(page, 'folder', 'person00').focus();
  const endStarted = Date.now();
  await page.keyboard.press('End');
  await expect(row(page, 'folder', 'person49/Projects 9/Folder 4999')).toBeFocused();
  const endMs = Date.now() - endStarted;
  await expect(row(page, 'folder', 'person49/Projects 9/Folder 4999')).toBeInViewport();

  const filterStarted = Date.now();
  await page.getByTestId('folder-filter').fill('folder 4321');
  await expect(page.getByTestId('folder-tree')).toHaveAttribute('data-rows', '4');
  const filterMs = Date.now() - filterStarted;
  await row(page, 'folder', 'person21/Projects 6/Folder 4321').click();
  await expect(page.getByTestId('result-count')).toHaveText('1 result');
  await screenshot(page, 'folder-tree-5000');

  // Clearing the filter lays out all 5,551 rows again and draws the window, timed inside the page to the next frame.
  // A script as text: this file is type-checked for Node, where the page's DOM types do not exist.
  const clearMs = (await page.evaluate(`(async () => {
    const input = document.querySelector('[data-testid="folder-filter"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const started = performance.now();
    setValue.call(input, '');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  })()`)) as number;
  await expect(page.getByTestId('folder-tree')).toHaveAttribute('data-rows', String(count + 500 + 50 + 1));
  console.log(
    `folder tree with ${count} folders: reload to first rows ${reloadMs} ms, ${drawn} rows drawn, End ${endMs} ms, filter ${filterMs} ms, clearing the filter ${Math.round(clearMs)} ms`,
  );
});
