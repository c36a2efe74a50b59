// Trash and Spam left out of the matches of a catalog that grows batch by batch, and whose labels are replaced, are
// those a pass over the whole catalog finds, and a batch judges only its own messages.
import { describe, expect, it } from 'vitest';
import { Catalog } from '../index/catalog';
import type { CatalogRow } from '../store/messageRecord';
import { isExcludedMessage, leaveOutExcluded } from './excludedByDefault';

function row(index: number): CatalogRow {
  const folder = index % 7 === 0 ? 'Trash' : index % 11 === 0 ? '[Gmail]/Spam' : 'Inbox';
  const labels = index % 13 === 0 ? ['Spam'] : ['Inbox'];
  return {
    ...{ id: `m${index}`, messageId: `m${index}@x`, threadId: `t${index}`, subject: 's', date: index, fromName: '' },
    ...{ fromAddress: '', toJson: '[]', ccJson: '[]', bccJson: '[]', folder, labelsJson: JSON.stringify(labels) },
    ...{ attachmentsJson: '[]', attachmentCount: 0, parentId: '', size: 1, listId: '', isRead: true, isStarred: false, sourceId: 's' },
  };
}

/** A catalog that counts its passes over every message's labels. */
class CountingCatalog extends Catalog {
  labelPasses = 0;
  override markLabels(into: Uint8Array, test: (keys: string[]) => boolean): void {
    this.labelPasses += 1;
    super.markLabels(into, test);
  }
}

function kept(catalog: Catalog): number[] {
  const matches = new Uint8Array(catalog.size).fill(1);
  leaveOutExcluded(matches, catalog);
  return [...matches.keys()].filter((ordinal) => matches[ordinal] === 1);
}

function keptByJudgingEach(catalog: Catalog): number[] {
  return [...new Uint8Array(catalog.size).keys()].filter((ordinal) => !isExcludedMessage(catalog, ordinal));
}

describe('messages left out by default in a growing catalog', () => {
  it('are those judged one by one, batch after batch, with one pass over the catalog until labels are replaced', () => {
    const catalog = new CountingCatalog();
    for (let batch = 0; batch < 12; batch += 1) {
      for (let index = batch * 50; index < (batch + 1) * 50; index += 1) catalog.add(row(index));
      expect(kept(catalog)).toEqual(keptByJudgingEach(catalog));
    }
    // A pass after every batch before.
    expect(catalog.labelPasses).toBe(1);
    catalog.setLabels(3, ['Spam']);
    catalog.setLabels(7 * 13, ['Inbox']);
    expect(kept(catalog)).toEqual(keptByJudgingEach(catalog));
    expect(kept(catalog)).not.toContain(3);
    expect(catalog.labelPasses).toBe(2);
    for (let index = 600; index < 650; index += 1) catalog.add(row(index));
    expect(kept(catalog)).toEqual(keptByJudgingEach(catalog));
    expect(catalog.labelPasses).toBe(2);
  });
});
