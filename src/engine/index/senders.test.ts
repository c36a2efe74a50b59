// Picking a sender from the from: suggestions finds their mail, also on a list that rewrites From to the list address.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, readCorpusMessages, toMbox } from '../../../test/corpus';
import { openEngine } from '../api/engine';

describe('from: suggestions', () => {
  it('insert values that find the sender, on the usrp-users list where From is "Name via USRP-users <list>"', async () => {
    const messages = await readCorpusMessages('usrp-users-list.mbox.gz', 200);
    const fromLines = messages.map((message) => /^From: (.*)$/m.exec(message.toString('latin1'))?.[1] ?? '');
    const jason = fromLines.filter((line) => line.includes('Jason Matusiak')).length;
    expect(jason).toBeGreaterThan(1);
    const mbox = join(await makeTempDir(), 'usrp.mbox');
    await writeFile(mbox, toMbox(messages));
    const engine = await openEngine({ dataDir: await makeTempDir() });
    try {
      await engine.importPaths([mbox], 'usrp');
      const suggestions = await engine.complete('from:matusiak', 'from:matusiak'.length);
      expect(suggestions.length).toBeGreaterThan(0);
      for (const suggestion of suggestions) {
        const found = await engine.search({ query: `from:${suggestion.insert}`, limit: 1, mode: 'keyword' });
        expect(found.total, suggestion.insert).toBeGreaterThan(0);
        expect(found.total, suggestion.insert).toBeLessThan(messages.length);
      }
      const first = await engine.search({ query: `from:${suggestions[0]!.insert}`, limit: 1, mode: 'keyword' });
      expect(first.total).toBe(jason);
    } finally {
      await engine.close();
    }
  });
});
