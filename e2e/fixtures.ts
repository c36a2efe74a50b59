// Test fixtures: one `lantern serve` per test on a fresh data folder, a small mbox cut from the shared corpus, and drops.
import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const sharedRoot = path.resolve(repoRoot, '../shared');
export const artifactsDir = path.join(repoRoot, 'e2e', 'artifacts');

const SERVER_LINE = /Lantern browser mode: (http:\/\/\S+)/;
const START_TIMEOUT_MS = 60_000;

export interface LanternServer {
  url: string;
  dataDir: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
}

function waitForUrl(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`e2e: lantern serve printed no URL within ${START_TIMEOUT_MS} ms; output:\n${output()}`)),
      START_TIMEOUT_MS,
    );
    const onData = (): void => {
      const match = SERVER_LINE.exec(output());
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`e2e: lantern serve exited (code ${code}, signal ${signal}) before printing its URL; output:\n${output()}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}

export const test = base.extend<{ lantern: LanternServer }>({
  // Console errors and uncaught exceptions (a CSP violation, a render crash, a 404 such as a missing favicon) fail the
  // test even when the page looks fine.
  // Depending on `lantern` makes Playwright tear the page down before the server: a call still in flight when the
  // test ends is then dropped with the page instead of being cut off by the server and reported as an error.
  page: async ({ page, lantern }, use) => {
    void lantern;
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await use(page);
    const logged = [...problems];
    await page.goto('about:blank');
    expect(logged, 'the page logged errors').toEqual([]);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies; this one has none.
  lantern: async ({}, use) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lantern-e2e-'));
    // LANTERN_E2E_SERVE points at another script taking the same arguments, for debugging a server under change.
    const serveScript = process.env.LANTERN_E2E_SERVE ?? path.join(repoRoot, 'bin', 'lantern.mjs');
    const child = spawn(process.execPath, [serveScript, 'serve', '--port', '0', '--data-dir', dataDir], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
    const output = (): string => printed;
    try {
      const url = await waitForUrl(child, output);
      await use({ url, dataDir, output });
    } finally {
      await stop(child);
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      // The automatic backup after an import goes beside the data folder (see defaultBackupFolder).
      await rm(`${dataDir}-backups`, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    }
  },
});

export { expect };

/** The first `count` messages of a gzipped mboxrd corpus, cut at the next `From ` separator. */
export async function readFirstMessages(gzipPath: string, count: number): Promise<Buffer> {
  const separator = Buffer.from('\nFrom ');
  const chunks: Buffer[] = [];
  // Bytes before the chunk at hand, and the end of what came before it, which a separator may begin in.
  let before = 0;
  let tail = Buffer.alloc(0);
  let found = 0;
  const stream = createReadStream(gzipPath).pipe(createGunzip());
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const window = Buffer.concat([tail, chunk]);
    for (let index = window.indexOf(separator); index !== -1; index = window.indexOf(separator, index + 1)) {
      // The file starts with the first message's separator, so the n-th "\nFrom " begins message n + 1.
      found += 1;
      if (found === count) {
        stream.destroy();
        return Buffer.concat([...chunks, chunk]).subarray(0, before - tail.length + index + 1);
      }
    }
    chunks.push(chunk);
    before += chunk.length;
    tail = window.subarray(Math.max(0, window.length - separator.length + 1));
  }
  return Buffer.concat(chunks);
}

export interface MboxMessage {
  headers: Map<string, string>;
}

/** Header blocks of an mbox, unfolded, lower-cased names: enough to count senders independently of the engine. */
export function parseMboxHeaders(mbox: Buffer): MboxMessage[] {
  const text = mbox.toString('latin1');
  const messages = text.split(/\nFrom (?=\S)/).map((part, index) => (index === 0 ? part.replace(/^From /, '') : part));
  return messages.map((raw) => {
    const lines = raw.split('\n');
    const headerLines: string[] = [];
    // Line 0 is the rest of the separator line; headers end at the first empty line.
    for (const line of lines.slice(1)) {
      const clean = line.replace(/\r$/, '');
      if (clean === '') break;
      if (/^[ \t]/.test(clean) && headerLines.length > 0) headerLines[headerLines.length - 1] += ` ${clean.trim()}`;
      else headerLines.push(clean);
    }
    const headers = new Map<string, string>();
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).toLowerCase();
      if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
    }
    return { headers };
  });
}

/** Drops one file on the page as a person would: dragenter and dragover (overlay), a screenshot, then drop. */
export async function dropFile(page: Page, name: string, bytes: Buffer, mimeType: string, overlayScreenshot?: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    `(() => {
      const binary = atob(${JSON.stringify(bytes.toString('base64'))});
      const data = new Uint8Array(binary.length);
      for (let index = 0; index < binary.length; index += 1) data[index] = binary.charCodeAt(index);
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], ${JSON.stringify(name)}, { type: ${JSON.stringify(mimeType)} }));
      return transfer;
    })()`,
  );
  const target = '[data-testid="app"]';
  await page.dispatchEvent(target, 'dragenter', { dataTransfer: transfer });
  await page.dispatchEvent(target, 'dragover', { dataTransfer: transfer });
  await expect(page.getByTestId('drop-overlay')).toBeVisible();
  if (overlayScreenshot) await screenshot(page, overlayScreenshot);
  await page.dispatchEvent(target, 'drop', { dataTransfer: transfer });
  await transfer.dispose();
}

/** The window sizes every screenshot is taken at: the smallest the app supports, a common laptop, a common desktop. */
export const SCREEN_SIZES = [
  { width: 1024, height: 700 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

/** Focuses the search bar with `/`, selects what is there and types over it, as a person would. */
export async function typeInSearchBar(page: Page, text: string): Promise<void> {
  // Right after a load the window may not listen for keys yet: press / again until the search bar has the focus.
  const input = page.getByTestId('search-input');
  await expect(async () => {
    await page.keyboard.press('/');
    await expect(input).toBeFocused({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  // What the bar holds before any key acts on it: a failure after this is the search's, not the typing's.
  await expect(input).toHaveValue(text);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });
}

/** Bytes that are plainly not mail: a PNG signature followed by noise. */
export function pngBytes(): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  const noise = Buffer.alloc(4096);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 7919 + 13) % 251;
  return Buffer.concat([signature, noise]);
}
