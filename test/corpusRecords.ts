// Test helper: a shared corpus's first messages as the import normalizes them, in a list folder, for catalog tests.
import { normalizeMessage } from '../src/engine/import/normalize';
import type { MessageRecord } from '../src/engine/store/messageRecord';
import { readCorpusMessages } from './corpus';

export async function corpusRecords(name: string, limit: number): Promise<MessageRecord[]> {
  const messages = await readCorpusMessages(name, limit);
  return Promise.all(
    messages.map(async (bytes, index) => {
      const placement = { folder: null, labels: [] };
      const { record } = await normalizeMessage(bytes, {
        sourceId: 'source',
        sourceFile: name,
        offset: index,
        placement,
        defaultFolder: 'list',
      });
      return record;
    }),
  );
}
