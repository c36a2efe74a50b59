// Pausing the embedding stage: a paused run embeds nothing and says it is paused; resumed, it finishes.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpusMessages, toMbox } from '../../../test/corpus';
import { withEngine } from '../../../test/engine';
import type { LanternEvent } from '../../shared/contract/api';

describe('pausing embedding', () => {
  it('waits between batches while paused and finishes once resumed', async () => {
    await withEngine(async (engine, dir) => {
      const file = join(dir, 'slice.mbox');
      await writeFile(file, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 80)));
      await engine.importPaths([file], 'slice');
      const progress: Extract<LanternEvent, { type: 'embedding-progress' }>[] = [];
      engine.subscribe((event) => {
        if (event.type === 'embedding-progress') progress.push(event);
      });
      expect(await engine.setEmbeddingPaused(true)).toBe(true);
      let isSettled = false;
      const running = engine.embed().finally(() => (isSettled = true));
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(isSettled).toBe(false);
      expect((await engine.getStats()).embeddedMessages).toBe(0);
      expect(progress.at(-1)).toMatchObject({ paused: true, done: 0, total: 80 });
      expect(await engine.setEmbeddingPaused(false)).toBe(false);
      const report = await running;
      expect(report.embedded).toBe(80);
      expect(progress.at(-1)).toMatchObject({ paused: false, done: 80, total: 80 });
    });
  }, 120_000);
});
