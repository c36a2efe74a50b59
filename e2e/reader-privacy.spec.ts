// Reading a mail with a tracking pixel: no request leaves until "Load images"; the thread and plain-text view work.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

test('a remote image makes no request until "Load images"; the thread is listed and plain text is one click away', async ({ page, lantern }) => {
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

    // The reply in the thread opens on click; "Load images" does not carry over to another mail.
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
