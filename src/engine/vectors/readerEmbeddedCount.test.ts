// An engine counts the messages with vectors at open without reading their ids: a reader gets the same count, share and
// meaning search as the writer that embedded them, and a writer opened later reads the ids only when it embeds (real
// LanceDB, the built-in embedder, real mail).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';

describe('a reader of a store with vectors', () => {
  it('counts the messages with vectors as the writer does, and searches by meaning with the same share', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'list.mbox');
    await writeFile(path, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 30)));
    const dataDir = join(dir, 'store');
    const writer = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      await writer.importPaths([path], 'list');
      await writer.embed();
      const written = await writer.getStats();
      const writerSearch = await writer.search({ query: 'firmware update', mode: 'auto' });
      // Long mails give several passages each: the count is of messages, not of passages.
      expect(written.embeddedChunks).toBeGreaterThan(written.embeddedMessages);
      expect(written.embeddedMessages).toBeGreaterThan(20);

      const reader = await openEngine({ dataDir, timeZone: 'UTC', access: 'read' });
      try {
        const read = await reader.getStats();
        expect(read.embeddedMessages).toBe(written.embeddedMessages);
        expect(read.embeddedChunks).toBe(written.embeddedChunks);
        const readerSearch = await reader.search({ query: 'firmware update', mode: 'auto' });
        expect(readerSearch.embeddedShare).toBe(writerSearch.embeddedShare);
        expect(readerSearch.mode).toBe(writerSearch.mode);
        expect(readerSearch.hits.map((hit) => hit.id)).toEqual(writerSearch.hits.map((hit) => hit.id));
        expect(readerSearch.embeddedShare).toBeGreaterThan(0.5);
      } finally {
        await reader.close();
      }
    } finally {
      await writer.close();
    }
  });

  it('opened again to write, counts them at open and embeds none of them again', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'list.mbox');
    await writeFile(path, toMbox(await readCorpusMessages('usrp-users-list.mbox.gz', 12)));
    const dataDir = join(dir, 'store');
    const first = await openEngine({ dataDir, timeZone: 'UTC' });
    let written;
    try {
      await first.importPaths([path], 'list');
      await first.embed();
      written = await first.getStats();
    } finally {
      await first.close();
    }
    const again = await openEngine({ dataDir, timeZone: 'UTC' });
    try {
      const opened = await again.getStats();
      expect(opened.embeddedMessages).toBe(written.embeddedMessages);
      expect(opened.embeddedChunks).toBe(written.embeddedChunks);
      const report = await again.embed();
      expect(report.chunks).toBe(0);
      expect(report.embedded).toBe(written.embeddedMessages);
      expect((await again.getStats()).embeddedMessages).toBe(written.embeddedMessages);
    } finally {
      await again.close();
    }
  });
});
