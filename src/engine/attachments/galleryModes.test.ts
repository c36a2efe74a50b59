// The gallery in every search mode: the attachments of exactly the messages the search lists, whether it matched by
// words or by meaning. Real usrp-users mail embedded by the Universal Sentence Encoder, real LanceDB.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedSlice } from '../../../test/engine';
import type { Engine } from '../api/engineTypes';

describe('gallery in every search mode', () => {
  let engine: Engine;

  beforeAll(async () => {
    // The first 300 messages hold photos, screenshots and two PDFs.
    engine = await openEmbeddedSlice('usrp-users-list.mbox.gz', 300);
  }, 300_000);

  afterAll(async () => {
    await engine.close();
  });

  for (const mode of ['auto', 'keyword', 'semantic', 'hybrid', 'rerank'] as const) {
    for (const query of ['noise figure of the B210', 'screenshot of the spectrum has:image', 'antenna -from:ettus']) {
      it(`lists the attachments of the messages "${query}" lists in ${mode} mode`, async () => {
        const [gallery, search] = await Promise.all([
          engine.listAttachments({ query, mode, limit: 500 }),
          engine.search({ query, mode, limit: 1000 }),
        ]);
        expect(search.hits.length).toBe(search.total);
        const listed = new Set(search.hits.filter((hit) => hit.attachments.length > 0).map((hit) => hit.id));
        expect(new Set(gallery.items.map((item) => item.ref.messageId))).toEqual(listed);
        expect(gallery.total).toBe(search.hits.reduce((sum, hit) => sum + hit.attachments.length, 0));
        // By meaning, the nearest pictures are found whatever words they hold: the comparison is not of two empty lists.
        if (query.includes('has:image') && mode !== 'keyword') expect(gallery.items.some((item) => item.kind === 'image')).toBe(true);
      });
    }
  }
});
