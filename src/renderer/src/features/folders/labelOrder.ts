// Gmail's labels as Gmail shows them: system labels first in Gmail's order, then the user's own, then categories;
// the read-state labels (Opened, Unread) are states, found with is:read / is:unread, not places.
import type { Folder } from '../../../../shared/model/folder';

const SYSTEM_ORDER = ['inbox', 'starred', 'snoozed', 'important', 'sent', 'drafts', 'chat', 'spam', 'trash'];
const STATES = new Set(['opened', 'unread']);

function rank(label: Folder): number {
  const name = label.path.toLowerCase();
  const system = SYSTEM_ORDER.indexOf(name);
  if (system >= 0) return system;
  if (name.startsWith('category ')) return SYSTEM_ORDER.length + 2;
  return SYSTEM_ORDER.length + 1;
}

export function orderLabels(labels: readonly Folder[]): Folder[] {
  return labels
    .filter((label) => !STATES.has(label.path.toLowerCase()))
    .sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path, undefined, { sensitivity: 'base' }));
}

/** "Category updates" → "Updates"; nested user labels keep their full path ("Projects/Alpha"). */
export function labelDisplayName(label: Folder): string {
  const category = /^category (.+)$/i.exec(label.path);
  if (category) return category[1]!.charAt(0).toUpperCase() + category[1]!.slice(1);
  return label.path;
}
