// Integration: a quoted phrase finds mail whose attachment holds it, across a line break, with accents and with quotes.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, toMbox } from '../../../test/corpus';
import { mimeMessage } from '../../../test/mimeMessage';
import { makePdf } from '../../../test/pdfFile';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

const pdf = (filename: string, lines: string[]) => ({ filename, contentType: 'application/pdf', bytes: makePdf(lines) });

describe('phrases in attachment text', () => {
  let engine: Engine;

  beforeAll(async () => {
    const dir = await makeTempDir();
    const mailbox = join(dir, 'phrases.mbox');
    await writeFile(
      mailbox,
      toMbox([
        mimeMessage('review', 'Quarterly review', 'The review is attached.', [
          pdf('review.pdf', ['The quarterly review of the flux', 'capacitor budget is attached.']),
        ]),
        mimeMessage('menu', 'Dinner menu', 'The menu is attached.', [
          pdf('menu.pdf', ['Starter: onion soup', 'Dessert: café crème brûlée']),
        ]),
        mimeMessage('talk', 'Talk notes', 'My notes are attached.', [pdf('notes.pdf', ['Jens said "zero copy receive" works now.'])]),
        mimeMessage('keys', 'Key words', 'Which filename did the report get?', [pdf('report.pdf', ['Nothing else here.'])]),
        mimeMessage('files', 'Files', 'The filename report lists every file.', []),
        // Every word of each phrase, never in its order: found by the words, never by the phrases.
        mimeMessage('scattered', 'Scattered words', 'capacitor flux, crème café, receive zero copy, said Jens now', []),
      ]),
    );
    engine = await openEngine({ dataDir: join(dir, 'data'), timeZone: 'UTC' });
    expect((await engine.importPaths([mailbox], 'phrases')).imported).toBe(6);
  });

  afterAll(async () => {
    await engine.close();
  });

  async function found(query: string): Promise<[string, string][]> {
    return (await engine.search({ query, limit: 10 })).hits.map((hit) => [hit.subject, hit.matchedIn]);
  }

  it('finds a phrase that spans a line break of a PDF', async () => {
    expect(await found('"flux capacitor"')).toEqual([['Quarterly review', 'review.pdf']]);
    expect(await found('flux capacitor')).toHaveLength(2);
  });

  it('finds a phrase with accented letters, as written and without the accents', async () => {
    expect(await found('"café crème"')).toEqual([['Dinner menu', 'menu.pdf']]);
    expect(await found('"cafe creme brulee"')).toEqual([['Dinner menu', 'menu.pdf']]);
  });

  it('finds a phrase that runs across a double quote', async () => {
    expect(await found('"said zero copy"')).toEqual([['Talk notes', 'notes.pdf']]);
    expect(await found('"receive works now"')).toEqual([['Talk notes', 'notes.pdf']]);
  });

  it('reads the names and texts of attachments, not the form they are stored in', async () => {
    // Stored as [{"filename":"report.pdf","text":"Nothing else here."}]: the key "filename" is not a word of the mail.
    expect(await found('"filename report"')).toEqual([['Files', 'body']]);
    expect(await found('"report pdf"')).toEqual([['Key words', 'report.pdf']]);
  });
});
