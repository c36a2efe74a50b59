// A query's operators as a `where` on the chunk table, checked against the engine's own filter evaluation on real
// mail: the chunk filter never drops a message the query allows, and allows nothing more when it says it is exact.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connect, type Table } from '@lancedb/lancedb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { parseQuery } from '../../shared/query/parse';
import { openEngine } from '../api/engine';
import { Catalog } from '../index/catalog';
import { KeywordIndex } from '../index/keywordIndex';
import { Evaluator } from '../search/evaluate';
import { MessageStore } from '../store/messageStore';
import { chunkFilter, placesOf } from './chunkFilter';
import { ChunkStore } from './chunkStore';

const LABEL_SETS = [['Inbox', 'Important'], ['Inbox', 'Starred'], ['Sent'], ['Inbox', 'Unread', 'Category updates'], ['Work/Projects'], []];

function withLabels(message: Buffer, labels: string[]): Buffer {
  if (labels.length === 0) return message;
  const newline = message.indexOf(0x0a);
  return Buffer.concat([
    message.subarray(0, newline + 1),
    Buffer.from(`X-Gmail-Labels: ${labels.join(',')}\n`),
    message.subarray(newline + 1),
  ]);
}

describe('chunk pre-filters on real mail', () => {
  let catalog: Catalog;
  let chunks: ChunkStore;
  let table: Table;
  const keywords = new KeywordIndex();

  beforeAll(async () => {
    const dir = await makeTempDir();
    const raw = await readCorpusMessages('usrp-users-list.mbox.gz', 300);
    // Two mbox files: two folders, "Lists/USRP" and "Archive 2019".
    await writeFile(
      join(dir, 'USRP.mbox'),
      toMbox(raw.slice(0, 180).map((message, index) => withLabels(message, LABEL_SETS[index % LABEL_SETS.length]!))),
    );
    await writeFile(
      join(dir, 'Archive 2019.mbox'),
      toMbox(raw.slice(180).map((message, index) => withLabels(message, LABEL_SETS[(index + 2) % LABEL_SETS.length]!))),
    );
    const dataDir = join(dir, 'store');
    const engine = await openEngine({ dataDir, timeZone: 'UTC' });
    await engine.importPaths([join(dir, 'USRP.mbox'), join(dir, 'Archive 2019.mbox')], 'filters');
    await engine.close();

    const store = await MessageStore.open(join(dataDir, 'lancedb'));
    catalog = new Catalog();
    for await (const rows of store.scanCatalog()) for (const row of rows) catalog.add(row);
    // One passage per message, carrying its message's places as the embedding stage writes them.
    chunks = await ChunkStore.open(join(dir, 'chunks'), 4);
    await chunks.add(
      Array.from({ length: catalog.size }, (_, ordinal) => {
        const entry = catalog.entry(ordinal);
        return {
          chunkId: `${entry.row.id}#0`,
          messageId: entry.row.id,
          threadId: entry.row.threadId,
          date: entry.row.date,
          origin: 'body',
          position: 0,
          text: entry.row.subject,
          vector: Float32Array.of(1, ordinal % 7, 0, 1),
          ...placesOf(entry),
        };
      }),
    );
    table = await (await connect(join(dir, 'chunks'))).openTable('chunks_v2');
  });

  afterAll(() => {
    table.close();
    chunks.close();
  });

  async function passing(sql: string | null): Promise<Set<string>> {
    const query = sql === null ? table.query() : table.query().where(sql);
    return new Set(((await query.select(['messageId']).toArray()) as { messageId: string }[]).map((row) => row.messageId));
  }

  function allowed(query: string): Set<string> {
    const bits = new Evaluator(catalog, keywords, 'relaxed').evaluate(parseQuery(query, { timeZone: 'UTC' }).root).matches;
    return new Set(
      Array.from({ length: catalog.size }, (_, ordinal) => ordinal)
        .filter((ordinal) => bits[ordinal] === 1)
        .map((ordinal) => catalog.id(ordinal)),
    );
  }

  // [query, exact]: exact filters select the allowed messages and no others.
  const cases: [string, boolean][] = [
    ['from:marcus', false],
    ['participants:neel', true],
    ['participants:"marcus muller"', true],
    ['to:usrp-users@lists.ettus.com', false],
    ['in:inbox', true],
    ['in:projects', true],
    ['in:usrp', true],
    ['in:"/Work/Projects"', true],
    ['in:"/Projects"', true],
    ['NOT in:"/Inbox"', true],
    ['label:important', true],
    ['category:updates', true],
    ['is:important', true],
    ['@folder:"archive 2019"', true],
    ['-@folder:usrp', true],
    ['@label:starred', true],
    ['@tag:sent,starred', true],
    ['after:2019-06-01 before:2019-07-01', true],
    ['in:inbox after:2019-06-01', true],
    ['NOT in:inbox', true],
    ['in:inbox OR in:sent', true],
    ['(in:inbox OR label:sent) -is:important', true],
    ['how do I tune the sample rate in:inbox', true],
    ['fpga -vivado in:inbox', false],
    ['in:inbox OR has:pdf', false],
    ['-from:marcus', false],
    ['is:starred', false],
    ['has:attachment in:projects', false],
    ['from:john_doe', false],
    ["participants:o'brien", true],
  ];
  for (const [query, exact] of cases) {
    it(`${query}`, async () => {
      const filter = chunkFilter(parseQuery(query, { timeZone: 'UTC' }).root);
      expect(filter.exact).toBe(exact);
      const expected = allowed(query);
      const found = await passing(filter.sql);
      const missed = [...expected].filter((id) => !found.has(id));
      expect(missed).toEqual([]);
      if (exact) expect(found.size).toBe(expected.size);
    });
  }

  it('narrows: the exact cases above are not all everything', async () => {
    expect((await passing(chunkFilter(parseQuery('in:projects', { timeZone: 'UTC' }).root).sql)).size).toBeLessThan(catalog.size / 3);
    expect((await passing(chunkFilter(parseQuery('@folder:"archive 2019"', { timeZone: 'UTC' }).root).sql)).size).toBe(120);
    expect((await passing(chunkFilter(parseQuery('from:marcus', { timeZone: 'UTC' }).root).sql)).size).toBeLessThan(catalog.size / 2);
  });
});
