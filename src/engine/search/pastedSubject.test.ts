// A pasted subject finds its mail even when its punctuation reads as operators: "-next", "-EFAULT", "->buf_ring" and
// "== -1" are words of the subject, not exclusions; a query that is no mail's subject keeps its operators. Real
// LanceDB, mail written as mbox.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';
import { PASTED_SUBJECT_NOTE } from './pastedSubject';

const SUBJECTS = [
  '[PATCH -next] io_uring: Remove unnecessary null check',
  '[PATCH 02/13] io_uring: fix sporadic -EFAULT from IORING_OP_RECVMSG',
  '[PATCH 2/8] io_uring/kbuf: remove extra ->buf_ring null check',
  '[PATCH 6/9] io_uring: allow use of offset == -1 to mean file position',
];

function message(subject: string, index: number): string {
  return [
    'From sender@example.com Mon Jan  1 10:00:00 2024',
    'From: Jens Axboe <axboe@kernel.dk>',
    'To: io-uring@vger.kernel.org',
    `Subject: ${subject}`,
    `Date: ${new Date(Date.UTC(2023, 0, index + 1, 9)).toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <pasted-${index}@example.com>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'The patch below changes what the subject says; the next version follows, with a check for a null file.',
    '',
  ].join('\n');
}

describe('a pasted subject', () => {
  let engine: Engine;

  beforeAll(async () => {
    const dataDir = await makeTempDir();
    const file = join(dataDir, 'pasted.mbox');
    await writeFile(file, SUBJECTS.map(message).join('\n'));
    engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
    await engine.importPaths([file], 'pasted');
  });

  afterAll(async () => {
    await engine.close();
  });

  for (const [index, subject] of SUBJECTS.entries()) {
    it(`finds its mail first: ${subject}`, async () => {
      const result = await engine.search({ query: subject, mode: 'keyword' });
      expect(result.hits[0]?.messageId).toBe(`pasted-${index}@example.com`);
      expect(result.modeNote ?? '').toContain(PASTED_SUBJECT_NOTE);
      expect(result.query).toBe(subject);
    });
  }

  it('keeps its operators when it is no mail’s subject', async () => {
    const result = await engine.search({ query: 'io_uring -next', mode: 'keyword' });
    expect(result.hits.map((hit) => hit.messageId)).not.toContain('pasted-0@example.com');
    expect(result.modeNote ?? '').not.toContain(PASTED_SUBJECT_NOTE);
  });
});

describe('a pasted subject whose words also read as a constraint', () => {
  let engine: Engine;
  const subject = 'Forward the report to Anna';

  function letter(index: number, to: string, title: string): string {
    return [
      'From sender@example.com Mon Jan  1 10:00:00 2024',
      'From: Bob Stone <bob@example.com>',
      `To: ${to}`,
      `Subject: ${title}`,
      `Date: ${new Date(Date.UTC(2023, 1, index + 1, 9)).toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: <letter-${index}@example.com>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Please forward the report when it is ready.',
      '',
    ].join('\n');
  }

  beforeAll(async () => {
    const dataDir = await makeTempDir();
    const file = join(dataDir, 'letters.mbox');
    // Enough mail to Anna holding the other words that "to Anna" read as a recipient finds five and more.
    const toAnna = Array.from({ length: 6 }, (_, index) => letter(index, 'Anna Kovacs <anna@example.com>', `Notes ${index}`));
    await writeFile(file, [...toAnna, letter(6, 'Carl Weiss <carl@example.com>', subject)].join('\n'));
    engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
    await engine.importPaths([file], 'letters');
  });

  afterAll(async () => {
    await engine.close();
  });

  it('shows its words searched as words first, and offers the constraint', async () => {
    const result = await engine.search({ query: subject, mode: 'keyword' });
    expect(result.hits[0]?.messageId).toBe('letter-6@example.com');
    expect(result.parsed.alternative).toMatchObject({ reads: 'words', isShown: true });
    expect(result.modeNote ?? '').toMatch(/^the query is the subject of a mail: showing "Anna" searched as words/);
  });

  it('keeps the constraint when the person flips to it (typing the operator)', async () => {
    const flipped = await engine.search({ query: 'Forward the report to:Anna', mode: 'keyword' });
    expect(flipped.total).toBe(6);
    expect(flipped.hits.map((hit) => hit.messageId)).not.toContain('letter-6@example.com');
  });
});
