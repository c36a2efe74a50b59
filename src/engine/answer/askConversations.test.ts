// Questions whose answer sits in a long mail's later part, in a reply deep in a long thread, or in a mail that does
// what the question asks without naming it: real usrp-users threads through the whole engine.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

describe('ask: long mail and long conversations', () => {
  let engine: Engine;

  beforeAll(async () => {
    const dir = await makeTempDir();
    // Seven months of the list: enough mail about the N210, UHD releases and network cards to crowd out the answer.
    const file = join(dir, 'threads.mbox');
    await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 1200)));
    engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC' });
    await engine.importPaths([file], 'threads');
  }, 120_000);

  afterAll(async () => {
    await engine.close();
  });

  it('reads past the first part of a long mail: the deadline comes after the call for talks', async () => {
    const answer = await engine.ask({
      question: 'What is the submission deadline for talks in the FOSDEM 2020 Free Software Radio devroom?',
      requestId: 'deadline',
    });
    expect(answer.refused).toBe(false);
    expect(answer.answer).toContain('December 6th');
    expect(answer.citations[0]!.subject).toContain('FOSDEM 2020');
  });

  it('answers "who recommended X" with the sender of a mail that recommends X in other words', async () => {
    const answer = await engine.ask({ question: 'Who recommended the Mellanox MCX4121A-ACAT network card?', requestId: 'mellanox' });
    expect(answer.refused).toBe(false);
    expect(answer.answer).toMatch(/Nate Temple|Michael Dickens/);
    expect(answer.citations[0]!.quote).toContain('MCX4121A-ACAT');
  });

  it("reads the replies of a long thread that share the question's words, not only its newest", async () => {
    const answer = await engine.ask({ question: 'What did Robin Coxe say about the N210 in May 2019?', requestId: 'robin' });
    expect(answer.refused).toBe(false);
    expect(answer.citations.length).toBeGreaterThan(0);
    for (const citation of answer.citations) {
      expect(citation.from.name).toContain('Robin Coxe');
      expect(citation.subject).toContain('N210');
    }
  });
});
