// The OCR reader on drawn pages: its time limit per page, a fresh worker after a page that ran over, and only sure words.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderLines, renderTitledTexture } from './ocrFixtures';
import { OcrReader } from './ocrReader';

describe('OcrReader', () => {
  const folder = mkdtempSync(join(tmpdir(), 'lantern-ocr-reader-'));
  const languages = join(folder, 'languages');
  const reader = new OcrReader(languages);
  const page = renderLines(['The quarterly invoice for the lighthouse repairs.']);

  afterAll(async () => {
    await reader.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('gives up a page past its time limit, then reads the next page with a new worker', async () => {
    await expect(reader.read(page, 1)).rejects.toThrow(/reading the page took longer than 0 s/);
    expect(await reader.read(page, 30_000)).toMatch(/quarterly invoice for the lighthouse/);
    expect(reader.languages).toMatch(/^eng/);
  }, 60_000);

  it('closed while it reads a page, ends that page at once and reads no more', async () => {
    const closing = new OcrReader(languages);
    const lines = Array.from({ length: 12 }, (_, line) => `Line ${line} of the quarterly invoice for the lighthouse repairs.`);
    const longPage = renderLines(lines);
    expect(await closing.read(page, 30_000)).toMatch(/quarterly invoice/);
    const reading = expect(closing.read(longPage, 60_000)).rejects.toThrow('ocr: the reader was closed');
    // Under way: the worker has the page.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await closing.close();
    await reading;
    await expect(closing.read(page, 30_000)).rejects.toThrow('ocr: the reader was closed');
  }, 60_000);

  it('keeps the sure words of a chart and leaves out the letters it reads into the texture', async () => {
    const text = await reader.read(renderTitledTexture('Spectrum of the received signal'), 30_000);
    expect(text).toMatch(/^Spectrum of the received signal/);
    // Without the confidence floor the texture gave some forty more "words" ("EE NE Sh Be LOR HET ye Gr ...").
    expect(text.split(/\s+/).length).toBeLessThanOrEqual(7);
  }, 60_000);

  it('keeps its language data in the folder it is given, and a second reader reads the same copy', async () => {
    const other = new OcrReader(languages);
    expect(await other.read(page, 30_000)).toMatch(/quarterly invoice/);
    const copied = statSync(join(languages, 'eng.traineddata')).mtimeMs;
    await other.close();
    // Closing leaves the copy for the next run; a process killed while reading leaves nothing new behind.
    expect(readdirSync(languages)).toContain('eng.traineddata');
    const again = new OcrReader(languages);
    expect(await again.read(page, 30_000)).toMatch(/quarterly invoice/);
    await again.close();
    expect(statSync(join(languages, 'eng.traineddata')).mtimeMs).toBe(copied);
    expect(readdirSync(languages).filter((name) => name.endsWith('.partial'))).toEqual([]);
  }, 60_000);
});
