// Words are never lost: a pasted subject whose words could be a date or a kind of attachment finds its mail, and the
// chips under the box flip between the two readings ("images as a word" / "images as an attachment kind").
import path from 'node:path';
import { dropFile, expect, readFirstMessages, screenshot, SCREEN_SIZES, sharedRoot, test, typeInSearchBar } from './fixtures';

const CORPUS = path.join(sharedRoot, 'corpora', 'usrp-users-list.mbox.gz');
/** The first 100 usrp-users messages hold both subjects below. */
const MESSAGE_COUNT = 100;
/** Read as "on June" (a date this year), it would leave out the 2019 announcement it is the subject of. */
const DATED_SUBJECT = 'Announcing NEWSDR at UMass-Boston on June 13/14';
/** Its thread has about thirty mails; two of them carry a screenshot (an image attachment). */
const IMAGES_SUBJECT = 'Bringing an elderly N210 to life by loading current firmware/fpga images';

test('a pasted subject finds its mail, and the words flip between a constraint and words', async ({ page, lantern }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const mbox = await readFirstMessages(CORPUS, MESSAGE_COUNT);
  expect(mbox.toString('latin1')).toContain(DATED_SUBJECT);
  await page.goto(lantern.url);
  await dropFile(page, 'usrp-100.mbox', mbox, 'application/mbox');
  await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 90_000 });
  await page.getByTestId('import-dismiss').click();

  const input = page.getByTestId('search-input');
  const subjects = page.getByTestId('result-subject');
  const asConstraint = page.getByTestId('reading-constraint');
  const asWords = page.getByTestId('reading-words');

  // Typed fast and searched: the announcement is found, and the chips say how "June" was read.
  await typeInSearchBar(page, DATED_SUBJECT);
  await page.keyboard.press('Enter');
  await expect(subjects.filter({ hasText: 'Announcing NEWSDR' }).first()).toBeVisible();
  await expect(asWords.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(asConstraint.first()).toContainText('as a date (0)');

  // "images" reads as words here (a subject, not a request): the whole thread; the attachment-kind reading is offered.
  await typeInSearchBar(page, IMAGES_SUBJECT);
  await page.keyboard.press('Enter');
  await expect(asWords).toHaveText('images as a word');
  await expect(asWords).toHaveAttribute('aria-pressed', 'true');
  await expect(asConstraint).toHaveText('images as an attachment kind (2)');
  const threadCount = Number((await page.getByTestId('result-count').innerText()).replace(/\D+/g, ''));
  expect(threadCount).toBeGreaterThan(2);
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await expect(asConstraint).toBeVisible();
    await screenshot(page, `literal-reading-words-${size.width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // Flipped: the mails with an image attachment, and the way back offered with its count.
  await asConstraint.click();
  await expect(input).toHaveValue(IMAGES_SUBJECT.replace(/images$/, 'has:image'));
  await expect(page.getByTestId('result-count')).toHaveText('2 results');
  await expect(asConstraint).toHaveAttribute('aria-pressed', 'true');
  await expect(asWords).toHaveText(`images as a word (${threadCount})`);
  await screenshot(page, 'literal-reading-constraint-1440');
  await asWords.click();
  await expect(input).toHaveValue(IMAGES_SUBJECT);
  await expect(page.getByTestId('result-count')).toHaveText(`${threadCount} results`);
});
