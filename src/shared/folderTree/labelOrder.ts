// Gmail's labels as Gmail shows them: system labels in Gmail's order, then categories, then the user's own; the
// read-state labels (Opened, Unread) are states, found with is:read / is:unread, not places.

/** Takeout's names for Gmail's system labels, in the order Gmail's sidebar lists them ("Archived" is All Mail's). */
const SYSTEM_ORDER = [
  'inbox',
  'starred',
  'snoozed',
  'important',
  'sent',
  'drafts',
  'scheduled',
  'chat',
  'all mail',
  'archived',
  'spam',
  'trash',
];
/** Gmail's inbox categories in its order; Takeout calls Primary "Category personal". */
const CATEGORY_ORDER = ['personal', 'social', 'updates', 'forums', 'promotions'];
const CATEGORY_NAMES: Record<string, string> = { personal: 'Primary' };
const STATES = new Set(['opened', 'unread']);
const CATEGORY = /^category (.+)$/i;

/** Whether a label is a read state rather than a place. */
export function isStateLabel(path: string): boolean {
  return STATES.has(path.toLowerCase());
}

/** Where a top-level label sorts: system labels, then categories, then the user's (equal ranks sort by name). */
export function labelRank(path: string): number {
  const name = path.toLowerCase();
  const system = SYSTEM_ORDER.indexOf(name);
  if (system >= 0) return system;
  const category = CATEGORY.exec(name);
  if (category) {
    const known = CATEGORY_ORDER.indexOf(category[1]!);
    return SYSTEM_ORDER.length + (known >= 0 ? known : CATEGORY_ORDER.length);
  }
  return SYSTEM_ORDER.length + CATEGORY_ORDER.length + 1;
}

/** "Category updates" → "Updates", "Category personal" → "Primary"; any other label segment as it is. */
export function labelDisplayName(segment: string): string {
  const category = CATEGORY.exec(segment);
  if (!category) return segment;
  const name = category[1]!;
  return CATEGORY_NAMES[name.toLowerCase()] ?? name.charAt(0).toUpperCase() + name.slice(1);
}
