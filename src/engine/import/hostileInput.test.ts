// Broken and hostile input through the real engine: every case ends, imports the good mail beside the bad, names what
// was wrong with the bad (a message past the MIME limits is kept, with a note of what was cut), and keeps memory
// bounded. Speed is not asserted; the timeouts only stop a hang.
import { randomBytes } from 'node:crypto';
import { open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../shared/model/importing';
import type { MessageDetail } from '../../shared/model/message';
import { makeTempDir } from '../../../test/corpus';
import { makeDocx } from '../../../test/officeFiles';
import { makeZip } from '../../../test/zip';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import { CUT_NOTES_HEADER } from './normalize';

/** Generous: the bound is there to catch unbounded growth (a bomb inflated, a quadratic buffer), not to measure. */
const MAX_RSS_GROWTH = 1.5 * 1024 * 1024 * 1024;
const SLOW = 120_000;

const MIME = 'MIME-Version: 1.0';

/** One mbox message: separator, headers, body, ending in a newline. */
function mail(id: string, subject: string, body: string, headers: string[] = []): string {
  return [
    'From sender@example.com Mon Jan  6 10:00:00 2020',
    `From: Sender <sender@example.com>`,
    'To: reader@example.com',
    `Subject: ${subject}`,
    'Date: Mon, 06 Jan 2020 10:00:00 +0000',
    `Message-ID: <${id}@hostile.example>`,
    ...headers,
    '',
    body,
    '',
  ].join('\n');
}

/** The two good messages every mailbox here carries around its bad item; each has its own searchable word. */
function goodPair(tag: string): { before: string; after: string; words: string[] } {
  return {
    before: mail(`${tag}-before`, `before the ${tag} case`, `${tag}alpha words before the bad item`),
    after: mail(`${tag}-after`, `after the ${tag} case`, `${tag}omega words after the bad item`),
    words: [`${tag}alpha`, `${tag}omega`],
  };
}

describe('hostile and broken input', () => {
  let engine: Engine;
  let dir: string;

  beforeAll(async () => {
    dir = await makeTempDir();
    engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC' });
  });

  afterAll(async () => {
    await engine?.close();
  });

  async function importFile(name: string, content: Buffer | string): Promise<{ report: ImportReport; rssGrowth: number }> {
    const path = join(dir, name);
    await writeFile(path, content);
    return importPath(path);
  }

  /** Imports one file, sampling the process's resident memory while it runs. */
  async function importPath(path: string): Promise<{ report: ImportReport; rssGrowth: number }> {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      const report = await engine.importPaths([path], path);
      return { report, rssGrowth: Math.max(peak, process.memoryUsage().rss) - before };
    } finally {
      clearInterval(sampler);
    }
  }

  async function expectFound(words: string[]): Promise<void> {
    for (const word of words) expect((await engine.search({ query: word, limit: 5 })).hits.length, word).toBe(1);
  }

  /** The one message a word finds, opened as `lantern show --json` prints it. */
  async function keptMessage(word: string): Promise<MessageDetail> {
    const [hit] = (await engine.search({ query: word, limit: 1 })).hits;
    return (await engine.getMessage(hit!.id))!;
  }

  it('an mbox cut off in the middle of a message imports everything up to the cut', async () => {
    const { before, after, words } = goodPair('truncated');
    const attachment = randomBytes(30_000).toString('base64').replace(/.{76}/g, '$&\n');
    const cut =
      mail('truncated-cut', 'cut off', '', [MIME, 'Content-Type: multipart/mixed; boundary="cut"']) +
      `--cut\nContent-Type: text/plain\n\ntruncatedmiddle text before the cut\n--cut\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n${attachment}`;
    const { report } = await importFile('truncated.mbox', before + after + cut.slice(0, cut.length - 10_000));
    expect(report.errors).toEqual([]);
    expect(report.imported).toBe(3);
    await expectFound([...words, 'truncatedmiddle']);
  });

  it('a gzip mbox cut off in the middle names the truncation and keeps what came before', async () => {
    const { before, words } = goodPair('gzipcut');
    const filler = Array.from({ length: 40 }, (_unused, index) =>
      mail(`gzipcut-filler-${index}`, `filler ${index}`, randomBytes(3000).toString('hex')),
    ).join('\n');
    const whole = gzipSync(before + '\n' + filler);
    const { report } = await importFile('gzipcut.mbox.gz', whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(report.imported).toBeGreaterThanOrEqual(1);
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]!.reason).toMatch(/ends early|truncated/);
    await expectFound([words[0]!]);
  });

  it('random binary garbage named .mbox is refused as not mail', async () => {
    const { report } = await importFile('garbage.mbox', randomBytes(1024 * 1024));
    expect(report.imported).toBe(0);
    expect(report.failed).toBe(1);
    expect(report.errors[0]!.reason).toMatch(/not a mail file/);
  });

  it('binary garbage between good messages does not stop them', async () => {
    const { before, after, words } = goodPair('garbage');
    // Garbage without "From " lines or a blank line: the bytes the separator line introduces are kept as one odd message.
    const garbage = randomBytes(256 * 1024)
      .toString('latin1')
      .replace(/\n(?=From )/g, '\n>');
    const content = Buffer.concat([
      Buffer.from(before + '\n'),
      Buffer.from('From garbage@example.com Mon Jan  6 10:00:00 2020\n'),
      Buffer.from(garbage, 'latin1'),
      Buffer.from('\n\n' + after),
    ]);
    const { report } = await importFile('garbage-between.mbox', content);
    expect(report.imported + report.failed).toBe(3);
    expect(report.imported).toBeGreaterThanOrEqual(2);
    await expectFound(words);
  });

  it(
    'a message with a 50 MB header block, or a 50 MB header line, is kept with its headers, its body and a note of the cut',
    async () => {
      const { before, after, words } = goodPair('hugeheader');
      const filler = `X-Filler: ${'a'.repeat(70)}\n`.repeat(Math.ceil((50 * 1024 * 1024) / 81));
      const block = mail('hugeheader-block', 'huge header block', 'hugeblockbody after a huge header', [filler.trimEnd()]);
      const line = mail('hugeheader-line', 'huge header line', 'hugelinebody after a huge header line', [
        `X-Long: ${'b'.repeat(50 * 1024 * 1024)}`,
      ]);
      const { report, rssGrowth } = await importFile('hugeheader.mbox', [before, block, line, after].join('\n'));
      expect(report.errors).toEqual([]);
      expect(report.imported).toBe(4);
      expect(rssGrowth).toBeLessThan(MAX_RSS_GROWTH);
      await expectFound([...words, 'hugeblockbody', 'hugelinebody']);
      expect(await keptMessage('hugeblockbody')).toMatchObject({
        subject: 'huge header block',
        from: { address: 'sender@example.com' },
        headers: { [CUT_NOTES_HEADER]: expect.stringMatching(/^cut: [\d,]+ header fields left out \(limit 1 MB/) },
      });
      expect(await keptMessage('hugelinebody')).toMatchObject({
        subject: 'huge header line',
        headers: { [CUT_NOTES_HEADER]: 'cut: 1 header field shortened to 32 KB (limit 1 MB of header for the message and for each part)' },
      });
    },
    SLOW,
  );

  it(
    'messages larger than 200 MB (many lines, or one endless line) are skipped by size, with memory kept bounded',
    async () => {
      const { before, after, words } = goodPair('oversized');
      const line = `${'x'.repeat(1023)}\n`;
      const path = join(dir, 'oversized.mbox');
      const handle = await open(path, 'w');
      try {
        await handle.write(before + '\n' + mail('oversized-bad', 'oversized', 'start of a huge body'));
        const block = Buffer.from(line.repeat(1024));
        for (let written = 0; written < 210 * 1024 * 1024; written += block.length) await handle.write(block);
        // The second has no line break at all in its 210 MB body.
        await handle.write('\n' + mail('oversized-line', 'one long line', 'start of a huge line'));
        const unbroken = Buffer.alloc(1024 * 1024, 'y');
        for (let written = 0; written < 210 * 1024 * 1024; written += unbroken.length) await handle.write(unbroken);
        await handle.write('\n\n' + after);
      } finally {
        await handle.close();
      }
      const { report, rssGrowth } = await importPath(path);
      expect(report.imported).toBe(2);
      expect(report.failed).toBe(2);
      for (const error of report.errors) expect(error.reason).toMatch(/larger than 200 MB; skipped/);
      expect(rssGrowth).toBeLessThan(MAX_RSS_GROWTH);
      await expectFound(words);
    },
    SLOW,
  );

  it('a message with 10,000 MIME parts is kept with its first parts and a note of the parts not read', async () => {
    const { before, after, words } = goodPair('manyparts');
    let body = '--many\nContent-Type: text/plain\n\nmanypartsopening words\n';
    for (let index = 0; index < 10_000; index += 1)
      body += `--many\nContent-Type: text/plain\nContent-Disposition: attachment; filename="part${index}.txt"\n\npart ${index}\n`;
    const many = mail('manyparts-kept', 'ten thousand parts', `${body}--many--`, [MIME, 'Content-Type: multipart/mixed; boundary="many"']);
    const { report, rssGrowth } = await importFile('manyparts.mbox', before + '\n' + many + '\n' + after);
    expect(report.errors).toEqual([]);
    expect(report.imported).toBe(3);
    expect(rssGrowth).toBeLessThan(MAX_RSS_GROWTH);
    await expectFound([...words, 'manypartsopening']);
    const kept = await keptMessage('manypartsopening');
    expect(kept.subject).toBe('ten thousand parts');
    expect(kept.attachments[0]!.filename).toBe('part0.txt');
    expect(kept.headers[CUT_NOTES_HEADER]).toBe(
      'cut: 9,002 of 10,002 MIME parts not read (limit 1,000, counting the message and nested parts)',
    );
  });

  it('MIME nested 10,000 levels deep is kept down to the depth limit, with a note', async () => {
    const { before, after, words } = goodPair('deepnest');
    let body = '--level0\nContent-Type: text/plain\n\ndeepnestopening words\n';
    for (let level = 1; level <= 10_000; level += 1)
      body += `--level${level - 1}\nContent-Type: multipart/mixed; boundary="level${level}"\n\n`;
    body += '--level10000\nContent-Type: text/plain\n\ndeepest words\n';
    for (let level = 10_000; level >= 0; level -= 1) body += `--level${level}--\n`;
    const deep = mail('deepnest-kept', 'deep', body, [MIME, 'Content-Type: multipart/mixed; boundary="level0"']);
    const { report } = await importFile('deepnest.mbox', before + '\n' + deep + '\n' + after);
    expect(report.errors).toEqual([]);
    expect(report.imported).toBe(3);
    await expectFound([...words, 'deepnestopening']);
    expect((await keptMessage('deepnestopening')).headers[CUT_NOTES_HEADER]).toMatch(
      /^cut: MIME nested 10,001 levels deep; 9,901 of 10,003 parts not read/,
    );
  });

  it('a nonexistent charset and invalid encoded words still import the readable text', async () => {
    const bogus = mail('bogus-charset', 'bogus charset', 'bogusreadable words in an unknown charset', [
      MIME,
      'Content-Type: text/plain; charset=x-bogus',
    ]);
    const badWords = mail(
      'bad-encoded-words',
      '=?utf-8?B?!!!notbase64?= =?x-bogus?Q?caf=E9?= =?utf-8?Q?broken=ZZ?= encodedwordsurvivor',
      'badwordsbody text',
    );
    const { report } = await importFile('bogus.mbox', bogus + '\n' + badWords);
    expect(report.errors).toEqual([]);
    expect(report.imported).toBe(2);
    await expectFound(['bogusreadable', 'encodedwordsurvivor', 'badwordsbody']);
  });

  it(
    'a Takeout zip with bomb entries skips each bomb by name and imports the mail around them',
    async () => {
      const zeros = Buffer.alloc(100 * 1024 * 1024);
      const archive = makeZip([
        { name: 'Takeout/Mail/Inbox.mbox', content: mail('zip-inbox', 'inbox mail', 'zipinboxword in the inbox') },
        // An honest bomb: its header says it expands 1000×.
        { name: 'Takeout/Mail/Bomb.mbox', content: zeros },
        // A lying bomb: its header claims 1 KB, its data inflates to 100 MB.
        { name: 'Takeout/Mail/Liar.mbox', content: zeros, declaredSize: 1024 },
        // Under the ratio check's size floor, but one 40 MB line with no line break.
        { name: 'Takeout/Mail/Flat.mbox', content: zeros.subarray(0, 40 * 1024 * 1024) },
        { name: 'Takeout/Mail/Sent.mbox', content: mail('zip-sent', 'sent mail', 'zipsentword in the sent folder') },
      ]);
      const { report, rssGrowth } = await importFile('takeout-bomb.zip', archive);
      expect(report.imported).toBe(2);
      const reasons = Object.fromEntries(report.errors.map((error) => [error.position, error.reason]));
      expect(reasons['Takeout/Mail/Bomb.mbox']).toMatch(/zip bomb/);
      expect(reasons['Takeout/Mail/Liar.mbox']).toMatch(/Liar\.mbox.*(larger than its header says|zip bomb)/);
      expect(reasons['Takeout/Mail/Flat.mbox']).toMatch(/not an mbox/);
      expect(report.errors).toHaveLength(3);
      expect(rssGrowth).toBeLessThan(MAX_RSS_GROWTH);
      await expectFound(['zipinboxword', 'zipsentword']);
    },
    SLOW,
  );

  it(
    'zip, .docx and .xlsx bombs attached to a mail are noted per attachment and the mail imports',
    async () => {
      const zeros = Buffer.alloc(300 * 1024 * 1024, 0x20);
      const bombDocx = makeZip([
        { name: '[Content_Types].xml', content: '<Types/>' },
        { name: 'word/document.xml', content: zeros },
      ]);
      const liarXlsx = makeZip([
        { name: '[Content_Types].xml', content: '<Types/>' },
        { name: 'xl/workbook.xml', content: zeros, declaredSize: 2048 },
      ]);
      const bombZip = makeZip([{ name: 'inner.bin', content: zeros }]);
      const goodDocx = makeDocx(['attachedgoodword in a real document']);
      const attachments: [string, string, Buffer][] = [
        ['bomb.zip', 'application/zip', bombZip],
        ['bomb.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bombDocx],
        ['liar.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', liarXlsx],
        ['good.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', goodDocx],
      ];
      const parts = attachments.map(
        ([filename, type, bytes]) =>
          `--bombs\nContent-Type: ${type}; name="${filename}"\nContent-Disposition: attachment; filename="${filename}"\nContent-Transfer-Encoding: base64\n\n${bytes.toString('base64').replace(/.{76}/g, '$&\n')}\n`,
      );
      const message = mail(
        'attachment-bombs',
        'bombs attached',
        `--bombs\nContent-Type: text/plain\n\nbombcarrier body words\n${parts.join('')}--bombs--`,
        [MIME, 'Content-Type: multipart/mixed; boundary="bombs"'],
      );
      const { report, rssGrowth } = await importFile('attachment-bombs.mbox', message);
      expect(report.errors).toEqual([]);
      expect(report.imported).toBe(1);
      expect(rssGrowth).toBeLessThan(MAX_RSS_GROWTH);
      await expectFound(['bombcarrier', 'attachedgoodword']);
      const hit = (await engine.search({ query: 'bombcarrier', limit: 1 })).hits[0]!;
      const stored = (await engine.getMessage(hit.id))!;
      expect(stored.attachments.map((attachment) => attachment.filename)).toEqual(['bomb.zip', 'bomb.docx', 'liar.xlsx', 'good.docx']);
      const errors = Object.fromEntries(stored.attachmentTexts.map((text) => [text.filename, text.error ?? '']));
      expect(errors['bomb.docx']).toMatch(/zip bomb/);
      expect(errors['liar.xlsx']).toMatch(/zip bomb|larger than its header says/);
      expect(errors['good.docx']).toBe('');
      expect(errors['bomb.zip']).toBeUndefined();
    },
    SLOW,
  );
});
