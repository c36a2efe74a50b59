// The timeline leaves Trash and Spam out as search does, and counts them when the query asks (in:trash, in:anywhere).
// Real usrp-users mail given Gmail Takeout labels, real LanceDB.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';
import type { Engine } from '../api/engineTypes';

const LABELS = ['Inbox', 'Inbox,Opened', 'Trash', 'Spam', 'Work/Projects'];

/** The message with Takeout's thread id and labels after its From line. */
function labelled(raw: Buffer, index: number): Buffer {
  const text = raw.toString('latin1');
  const newline = text.indexOf('\n');
  const headers = `X-GM-THRID: ${1800000000000000000n + BigInt(index)}\nX-Gmail-Labels: ${LABELS[index % LABELS.length]}\n`;
  return Buffer.from(`${text.slice(0, newline + 1)}${headers}${text.slice(newline + 1)}`, 'latin1');
}

describe('timeline and Trash', () => {
  let engine: Engine;

  beforeAll(async () => {
    const dataDir = await makeTempDir();
    const file = join(dataDir, 'takeout.mbox');
    const messages = await readCorpusMessages('usrp-users-list.mbox.gz', 60);
    await writeFile(file, toMbox(messages.map(labelled)));
    engine = await openEngine({ dataDir: join(dataDir, 'store'), timeZone: 'UTC' });
    await engine.importPaths([file], 'takeout');
  });

  afterAll(async () => {
    await engine.close();
  });

  it('counts what search counts with Trash and Spam left out, and them too when asked', async () => {
    for (const query of ['', 'in:trash', 'in:anywhere', 'uhd']) {
      const [timeline, search] = await Promise.all([
        engine.timeline({ query, mode: 'keyword' }),
        engine.search({ query, mode: 'keyword' }),
      ]);
      expect({ query, total: timeline.total }).toEqual({ query, total: search.total });
    }
    const everything = await engine.timeline({ query: 'in:anywhere', mode: 'keyword' });
    const kept = await engine.timeline({ query: '', mode: 'keyword' });
    expect(kept.total).toBeLessThan(everything.total);
    const places = kept.facets.find((facet) => facet.kind === 'places')!.values.map((value) => value.label);
    expect(places).toEqual(expect.arrayContaining(['Inbox', 'Work/Projects']));
    expect(places).not.toContain('Trash');
    expect(places).not.toContain('Spam');
  });

  it('narrows to a label by its whole path with the count the facet shows', async () => {
    const kept = await engine.timeline({ query: '', mode: 'keyword' });
    for (const value of kept.facets.find((facet) => facet.kind === 'places')!.values) {
      const search = await engine.search({ query: value.operator, mode: 'keyword' });
      expect({ operator: value.operator, total: search.total }).toEqual({ operator: value.operator, total: value.count });
    }
  });
});
