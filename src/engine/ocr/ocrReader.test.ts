// The OCR reader on a drawn page: its time limit per page, and a fresh worker for the page after one that ran over.
import { afterAll, describe, expect, it } from 'vitest';
import { renderLines } from './ocrFixtures';
import { OcrReader } from './ocrReader';

describe('OcrReader', () => {
  const reader = new OcrReader();
  const page = renderLines(['The quarterly invoice for the lighthouse repairs.']);

  afterAll(async () => {
    await reader.close();
  });

  it('gives up a page past its time limit, then reads the next page with a new worker', async () => {
    await expect(reader.read(page, 1)).rejects.toThrow(/reading the page took longer than 0 s/);
    expect(await reader.read(page, 30_000)).toMatch(/quarterly invoice for the lighthouse/);
    expect(reader.languages).toMatch(/^eng/);
  }, 60_000);
});
