// Reading a mail with a tracking pixel or a styled table: no request leaves until "Load images", embedded styles
// apply inside the frame, and the thread and plain-text view work.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator } from '@playwright/test';
import { dropFile, expect, screenshot, test } from './fixtures';

/** A stand-in for a tracker: counts every request it gets. */
async function startTracker(): Promise<{ server: Server; url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    // A 1×1 transparent GIF.
    response.writeHead(200, { 'content-type': 'image/gif' });
    response.end(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

function threadMbox(trackerUrl: string): Buffer {
  const newsletter = [
    'From news@shop.example Mon Mar  4 09:00:00 2024',
    'From: Shop News <news@shop.example>',
    'To: reader@example.org',
    'Subject: Spring offers inside',
    'Date: Mon, 4 Mar 2024 09:00:00 +0000',
    'Message-ID: <offer-1@shop.example>',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    `<html><body><h1>Spring offers</h1><p>Garden chairs at half price.</p><img src="${trackerUrl}/pixel.gif?id=reader" width="1" height="1" alt=""><div style="background-image: url('${trackerUrl}/bg.png')">Deals</div></body></html>`,
    '',
  ];
  const reply = [
    'From reader@example.org Tue Mar  5 10:00:00 2024',
    'From: Reader <reader@example.org>',
    'To: Shop News <news@shop.example>',
    'Subject: Re: Spring offers inside',
    'Date: Tue, 5 Mar 2024 10:00:00 +0000',
    'Message-ID: <reply-1@example.org>',
    'In-Reply-To: <offer-1@shop.example>',
    'References: <offer-1@shop.example>',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Are the garden chairs still available in green?',
    '',
  ];
  return Buffer.from([...newsletter, ...reply].join('\n'));
}

test('a remote image makes no request until "Load images"; the thread is listed and plain text is one click away', async ({
  page,
  lantern,
}) => {
  const tracker = await startTracker();
  try {
    await page.goto(lantern.url);
    await dropFile(page, 'offers.mbox', threadMbox(tracker.url), 'application/mbox');
    await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 60_000 });
    await page.getByTestId('import-dismiss').click();

    await page.getByTestId('search-input').click();
    await page.keyboard.type('subject:"spring offers" from:shop');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('result-count')).toHaveText('1 result');
    await page.getByTestId('result-item').first().click();
    await page.keyboard.press('Enter');

    const frame = page.frameLocator('[data-testid="reader-html"]');
    await expect(frame.getByRole('heading', { name: 'Spring offers' })).toBeVisible();
    await expect(page.getByTestId('reader-images-blocked')).toContainText('2 remote images are blocked');
    // Give a leaking page every chance to fetch before counting.
    await page.waitForTimeout(1_000);
    expect(tracker.requests).toEqual([]);
    await expect(page.getByTestId('reader-thread-item')).toHaveCount(2);
    await screenshot(page, 'reader-01-images-blocked');

    await page.getByTestId('reader-load-images').click();
    // At least one: the frame may be drawn again when the store changes (background embedding), fetching again.
    await expect.poll(() => tracker.requests.filter((url) => url.startsWith('/pixel.gif')).length).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('reader-images-blocked')).toHaveCount(0);
    await screenshot(page, 'reader-02-images-loaded');

    await page.getByTestId('reader-view-text').click();
    await expect(page.getByTestId('reader-text')).toContainText('Garden chairs at half price');

    // In the conversation the reply is one line until clicked; then it shows below the newsletter.
    const reply = page.getByTestId('conversation-message').nth(1);
    await expect(reply).toHaveAttribute('data-state', 'collapsed');
    await reply.getByTestId('reader-thread-item').click();
    await expect(reply.getByTestId('reader-text')).toContainText('still available in green');

    // One message at a time: the reply in the thread strip opens on click; "Load images" does not carry over.
    await page.getByTestId('reader-conversation-toggle').click();
    await page.getByTestId('reader-thread-item').nth(1).click();
    await expect(page.getByTestId('reader-subject')).toHaveText('Re: Spring offers inside');
    await expect(page.getByTestId('reader-text')).toContainText('still available in green');
    await page.getByTestId('reader-thread-item').nth(0).click();
    await expect(page.getByTestId('reader-images-blocked')).toBeVisible();
    await screenshot(page, 'reader-03-thread');
  } finally {
    tracker.server.close();
  }
});

/** One property of an element's computed style, in the document (or frame) the element is in. */
async function computedStyle(locator: Locator, property: string): Promise<string> {
  return locator.evaluate(
    (element, name) => element.ownerDocument.defaultView?.getComputedStyle(element).getPropertyValue(name) ?? '',
    property,
  );
}

/** A styled newsletter: its sheet draws the table, and tries to load a background, another sheet and a web font. */
function styledMail(trackerUrl: string): Buffer {
  return Buffer.from(
    [
      'From billing@power.example Mon Apr  1 08:00:00 2024',
      'From: Power Company <billing@power.example>',
      'To: reader@example.org',
      'Subject: Your March statement',
      'Date: Mon, 1 Apr 2024 08:00:00 +0000',
      'Message-ID: <statement-3@power.example>',
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<html><head><style>',
      `@import url(${trackerUrl}/import.css);`,
      `@import "${trackerUrl}/import-string.css";`,
      `@font-face { font-family: Tracked; src: url(${trackerUrl}/font.woff2) format("woff2"); }`,
      'table.bill { border: 1px solid rgb(200, 0, 0); border-collapse: collapse; font-family: Tracked, serif; }',
      'td { border: 1px solid rgb(200, 0, 0); padding: 4px 8px; color: rgb(0, 0, 255); }',
      `.banner { background: url(${trackerUrl}/banner.png); color: rgb(0, 128, 0); }`,
      '</style></head><body>',
      '<p class="banner">Your statement is ready.</p>',
      '<table class="bill"><tr><td>Electricity</td><td>42.10</td></tr><tr><td>Gas</td><td>18.00</td></tr></table>',
      '</body></html>',
      '',
    ].join('\n'),
  );
}

test('an HTML mail keeps its embedded styles inside the frame, while its style sheet loads nothing remote', async ({ page, lantern }) => {
  const tracker = await startTracker();
  try {
    await page.goto(lantern.url);
    await dropFile(page, 'statement.mbox', styledMail(tracker.url), 'application/mbox');
    await expect(page.getByTestId('import-panel')).toHaveAttribute('data-phase', 'finished', { timeout: 60_000 });
    await page.getByTestId('import-dismiss').click();
    await page.getByTestId('result-item').first().click();
    await page.keyboard.press('Enter');

    const frame = page.frameLocator('[data-testid="reader-html"]');
    const cell = frame.getByRole('cell', { name: 'Electricity' });
    await expect(cell).toBeVisible();
    // The mail's own sheet applies: borders on the table and its cells, blue cell text, green banner text.
    const table = frame.locator('table.bill');
    expect(await computedStyle(table, 'border-top-width')).toBe('1px');
    expect(await computedStyle(table, 'border-top-color')).toBe('rgb(200, 0, 0)');
    expect(await computedStyle(table, 'border-collapse')).toBe('collapse');
    expect(await computedStyle(cell, 'color')).toBe('rgb(0, 0, 255)');
    expect(await computedStyle(frame.locator('.banner'), 'color')).toBe('rgb(0, 128, 0)');
    // Scoped to the frame: the app around it keeps its own look.
    expect(await computedStyle(page.locator('body'), 'color')).not.toBe('rgb(0, 0, 255)');
    // Only the background counts as an image to unblock: another sheet and a web font never load.
    await expect(page.getByTestId('reader-images-blocked')).toContainText('1 remote image is blocked');
    await page.waitForTimeout(1_000);
    expect(tracker.requests).toEqual([]);
    await screenshot(page, 'reader-04-styled-table');

    // After "Load images" the background arrives; the imports and the font still do not.
    await page.getByTestId('reader-load-images').click();
    await expect.poll(() => tracker.requests).toContain('/banner.png');
    await page.waitForTimeout(1_000);
    expect(tracker.requests.filter((url) => url !== '/banner.png')).toEqual([]);
    expect(await computedStyle(table, 'border-top-color')).toBe('rgb(200, 0, 0)');
  } finally {
    tracker.server.close();
  }
});
