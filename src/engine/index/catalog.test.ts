// The in-memory catalog on real mail: what an entry keeps of the record it was given.
import { describe, expect, it } from 'vitest';
import { readCorpusMessages } from '../../../test/corpus';
import { normalizeMessage } from '../import/normalize';
import { CATALOG_COLUMNS } from '../store/messageRecord';
import { Catalog } from './catalog';

describe('catalog', () => {
  it('keeps only the catalog columns of an imported record, never its body', async () => {
    const [bytes] = await readCorpusMessages('usrp-users-list.mbox.gz', 1);
    const { record } = await normalizeMessage(bytes!, { sourceId: 'source', sourceFile: 'usrp.mbox', offset: 0, placement: { folder: null, labels: [] }, defaultFolder: 'usrp' });
    expect(record.text.length).toBeGreaterThan(100);
    const catalog = new Catalog();
    const entry = catalog.entries[catalog.add(record)]!;
    expect(Object.keys(entry.row).sort()).toEqual([...CATALOG_COLUMNS].sort());
    expect(entry.row.subject).toBe(record.subject);
    expect(entry.row.date).toBe(record.date);
    expect(catalog.ordinalOf(record.id)).toBe(0);
  });
});
