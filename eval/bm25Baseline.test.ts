// The BM25 baseline over a real store: it reads every message through the engine's API, and a word only one mail holds
// finds that mail first. Real usrp-users list mail (HTML, attachments), imported into a temp store.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, toMbox } from '../test/corpus';
import { withEngine } from '../test/engine';
import { openBm25Baseline } from './bm25Baseline';
import { tokenize } from './bm25';
import { readSliceMessages } from './sliceMessages';

describe('BM25 baseline over a store', () => {
  it('holds every message of the store and ranks a word only one mail holds first', async () => {
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'slice.mbox');
      await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 120)));
      await engine.importPaths([file], 'slice');
      const messages = await readSliceMessages(engine);
      expect(messages.length + messages.reduce((sum, message) => sum + message.copyMessageIds.length, 0)).toBe(
        (await engine.getStats()).messages,
      );
      const holders = new Map<string, Set<string>>();
      for (const message of messages)
        for (const word of tokenize(`${message.subject}\n${message.text}`))
          holders.set(word, (holders.get(word) ?? new Set()).add(message.messageId));
      const lone = [...holders].filter(([word, ids]) => ids.size === 1 && /^[a-z]{6,}$/.test(word)).slice(0, 5);
      expect(lone).toHaveLength(5);
      const baseline = await openBm25Baseline(engine);
      for (const [word, ids] of lone) expect(baseline(word, 10).ranked).toEqual([...ids]);
      expect(baseline('xylophonequartz', 10).ranked).toEqual([]);
    });
  }, 120_000);
});
