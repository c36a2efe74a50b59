// Words are never lost, on real usrp-users mail: a pasted subject whose words could be a date or an attachment kind finds
// its mail, and the result names the other reading with its count (what `lantern search --json` prints).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

const DATED_SUBJECT = 'Announcing NEWSDR at UMass-Boston on June 13/14';
const IMAGES_SUBJECT = 'Bringing an elderly N210 to life by loading current firmware/fpga images';

describe('the other reading of a query', () => {
  let engine: Engine;

  beforeAll(async () => {
    const dataDir = await makeTempDir();
    const file = join(dataDir, 'slice.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 100)));
    engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
    await engine.importPaths([file], 'slice');
  });

  afterAll(async () => {
    await engine.close();
  });

  for (const mode of ['keyword', 'auto'] as const) {
    it(`finds a subject whose "on June" reads as a date, in ${mode} mode, and says the words were searched`, async () => {
      const result = await engine.search({ query: DATED_SUBJECT, mode });
      expect(result.hits.map((hit) => hit.subject)).toContainEqual(expect.stringContaining(DATED_SUBJECT));
      expect(result.parsed.alternative).toMatchObject({ reads: 'words', isShown: true, total: result.total });
      expect(result.modeNote).toMatch(/^no message matches date:/);
    });
  }

  it('searches "images" of a subject as a word and offers the attachment kind with its count', async () => {
    const result = await engine.search({ query: IMAGES_SUBJECT, mode: 'keyword' });
    expect(result.total).toBeGreaterThan(2);
    expect(result.parsed.alternative).toMatchObject({
      reads: 'constraints',
      query: IMAGES_SUBJECT.replace(/images$/, 'has:image'),
      total: 2,
      flips: [{ text: 'images', meaning: 'has:image' }],
    });
    const flipped = await engine.search({ query: result.parsed.alternative!.query, mode: 'keyword' });
    expect(flipped.total).toBe(2);
    expect(flipped.hits.every((hit) => hit.attachments.some((attachment) => /\.png$/i.test(attachment.filename)))).toBe(true);
  });

  it('offers nothing else when a request finds many', async () => {
    const many = await engine.search({ query: 'emails in 2019', mode: 'keyword' });
    expect(many.total).toBeGreaterThanOrEqual(5);
    expect(many.parsed.alternative).toBeUndefined();
  });
});
