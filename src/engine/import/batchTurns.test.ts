// An import's batch is indexed in turns: what waits for the engine's thread (a search, a keystroke) runs between them,
// and sees each message of the batch in the catalog and the keyword index together or in neither.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, withTempDir } from '../../../test/corpus';
import { Catalog } from '../index/catalog';
import { KeywordIndex } from '../index/keywordIndex';
import { MessageStore } from '../store/messageStore';
import { BatchWriter } from './batchWriter';
import { normalizeMessage } from './normalize';

const MESSAGES = 60;

describe('indexing a batch in turns', () => {
  it('lets waiting work run before the batch is whole, each message in the catalog and the keyword index alike', async () => {
    await withTempDir(async (dir) => {
      const store = await MessageStore.open(join(dir, 'lancedb'));
      const catalog = new Catalog();
      const keywords = new KeywordIndex();
      const messages = await Promise.all(
        (await readCorpusMessages('usrp-users-list.mbox.gz', MESSAGES)).map((bytes, offset) =>
          normalizeMessage(bytes, {
            sourceId: 'usrp',
            sourceFile: 'usrp.mbox',
            offset,
            placement: { folder: null, labels: [] },
            defaultFolder: 'usrp',
          }),
        ),
      );
      const writer = new BatchWriter({ store, catalog, keywords, settleAttachments: async () => {}, turnMs: 0 });
      for (const message of messages) writer.add(message);
      /** What a search running between turns would see: messages in the catalog and documents in the keyword index. */
      const seen: [number, number][] = [];
      let isWatching = true;
      const watch = (): void => {
        seen.push([catalog.size, keywords.documents]);
        if (isWatching) setImmediate(watch);
      };
      setImmediate(watch);
      await writer.finish();
      isWatching = false;
      store.close();

      expect(catalog.size).toBe(MESSAGES);
      expect(seen.some(([size]) => size > 0 && size < MESSAGES)).toBe(true);
      expect(seen.every(([size, documents]) => size === documents)).toBe(true);
    });
  }, 60_000);
});
