// The embedding stage on real mail: newest messages first, and a passage identical to one already embedded (a copy
// of a mail under another Message-ID) reuses its vector instead of going through the model again.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connect } from '@lancedb/lancedb';
import { expect, test } from 'vitest';
import { readCorpusMessages, toMbox, withTempDir } from '../../../test/corpus';
import { writeBertModelFolder } from '../../../test/onnxModels/bertModelFolder';
import { TINY_SHAPE } from '../../../test/onnxModels/buildBertModel';
import { openEngine } from '../api/engine';
import type { Embedder } from '../embed/embedder';
import { createTransformersEmbedder } from '../embed/transformersEmbedder';
import { CHUNK_TABLE } from './chunkStore';
import { passageKey } from './passageReuse';

/** Messages per embedding batch in embeddingStage.ts. */
const MESSAGES_PER_BATCH = 32;

/** The same mail under a new Message-ID: another message to the store, the same passages to the model. */
function copyOf(message: Buffer, copy: number): Buffer {
  return Buffer.from(message.toString('latin1').replace(/^Message-ID:\s*<([^>]+)>/im, `Message-ID: <copy${copy}.$1>`), 'latin1');
}

test('embeds the newest mail first and each distinct passage once', async () => {
  await withTempDir(async (dir) => {
    const originals = await readCorpusMessages('usrp-users-list.mbox.gz', 60);
    const copies = originals.slice(0, 12).map((message, index) => copyOf(message, index));
    const mbox = join(dir, 'mail.mbox');
    await writeFile(mbox, toMbox([...originals, ...copies]));
    await writeBertModelFolder(join(dir, 'tiny-bert'), TINY_SHAPE);
    const model = await createTransformersEmbedder(join(dir, 'tiny-bert'), { threads: 1 });
    const calls: string[][] = [];
    const recording: Embedder = { ...model, embed: (texts) => (calls.push(texts), model.embed(texts)) };
    const engine = await openEngine({ dataDir: join(dir, 'store'), timeZone: 'UTC', embedder: recording });
    try {
      await engine.importPaths([mbox], 'mail');
      const report = await engine.embed();
      expect(report.embedded).toBe(72);

      const table = await (await connect(join(dir, 'store', 'lancedb'))).openTable(CHUNK_TABLE);
      const rows = (await table.query().select(['messageId', 'date', 'text']).toArray()) as {
        messageId: string;
        date: number;
        text: string;
      }[];
      table.close();
      const distinct = new Set(rows.map((row) => passageKey(row.text)));
      const embedded = calls.flat().map(passageKey);
      // Every distinct passage went through the model exactly once; the copies' passages never did.
      expect(embedded.length).toBe(distinct.size);
      expect(new Set(embedded).size).toBe(embedded.length);
      expect(rows.length).toBeGreaterThan(distinct.size);

      const newestDate = new Map<string, number>();
      for (const row of rows) newestDate.set(passageKey(row.text), Math.max(row.date, newestDate.get(passageKey(row.text)) ?? -Infinity));
      const messageDates = [...new Map(rows.map((row) => [row.messageId, row.date])).values()].sort((left, right) => right - left);
      const firstBatchOldest = messageDates[MESSAGES_PER_BATCH - 1]!;
      // The first batch the model saw holds only passages of the 32 newest messages.
      for (const text of calls[0]!) expect(newestDate.get(passageKey(text))).toBeGreaterThanOrEqual(firstBatchOldest);
    } finally {
      await engine.close();
      await model.close();
    }
  });
});
