// Tests for Gmail's label order and names.
import { describe, expect, it } from 'vitest';
import { isStateLabel, labelDisplayName, labelRank } from './labelOrder';

describe('Gmail label order', () => {
  it('ranks system labels in Gmail order, then categories, then user labels', () => {
    const labels = [
      'Projects',
      'Trash',
      'Category updates',
      'Sent',
      'Inbox',
      'Spam',
      'Category social',
      'Drafts',
      'Important',
      'Starred',
      'Archived',
    ];
    const ordered = [...labels].sort((first, second) => labelRank(first) - labelRank(second));
    expect(ordered).toEqual([
      'Inbox',
      'Starred',
      'Important',
      'Sent',
      'Drafts',
      'Archived',
      'Spam',
      'Trash',
      'Category social',
      'Category updates',
      'Projects',
    ]);
  });

  it('names categories like Gmail and tells read states from places', () => {
    expect(labelDisplayName('Category updates')).toBe('Updates');
    expect(labelDisplayName('Category personal')).toBe('Primary');
    expect(labelDisplayName('Alpha')).toBe('Alpha');
    expect(isStateLabel('Unread')).toBe(true);
    expect(isStateLabel('Inbox')).toBe(false);
  });
});
