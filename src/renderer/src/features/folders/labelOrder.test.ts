import { describe, expect, it } from 'vitest';
import type { Folder } from '../../../../shared/model/folder';
import { labelDisplayName, orderLabels } from './labelOrder';

const label = (path: string): Folder => ({ kind: 'label', source: 's', path, name: path.split('/').pop()!, count: 1 }) as Folder;

describe('Gmail label order', () => {
  it('puts system labels first in Gmail order, then user labels, then categories, and hides read states', () => {
    const ordered = orderLabels(['Projects/Alpha', 'Opened', 'Category updates', 'Sent', 'Inbox', 'Unread', 'alpha', 'Important'].map(label));
    expect(ordered.map((item) => item.path)).toEqual(['Inbox', 'Important', 'Sent', 'alpha', 'Projects/Alpha', 'Category updates']);
  });

  it('names categories like Gmail and keeps nested paths', () => {
    expect(labelDisplayName(label('Category updates'))).toBe('Updates');
    expect(labelDisplayName(label('Projects/Alpha'))).toBe('Projects/Alpha');
  });
});
