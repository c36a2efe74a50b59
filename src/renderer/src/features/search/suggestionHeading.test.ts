// Headings over suggestion lists, from the operator the values are for.
import { expect, test } from 'vitest';
import { complete } from '../../../../shared/query/complete';
import { buildCompletionIndex } from '../../../../shared/query/completionIndex';
import { suggestionHeading } from './suggestionHeading';

const index = buildCompletionIndex({
  contacts: [{ name: 'Kira Smith', address: 'kira@example.com', count: 3 }],
  folders: ['Inbox'],
  attachments: ['budget.xlsx'],
});

test.each([
  ['fro', 'Search operators'],
  ['@fo', 'Scopes'],
  ['from:ki', 'People'],
  ['budget -to:', 'People'],
  ['label:in', 'Folders and labels'],
  ['after:ye', 'Dates'],
  ['has:p', 'Attachment kinds'],
  ['filename:bud', 'Attachments'],
  ['@folder:in', 'Folders'],
])('%j: %j', (text, heading) => {
  const suggestions = complete(text, text.length, index);
  expect(suggestions.length).toBeGreaterThan(0);
  expect(suggestionHeading(text, suggestions)).toBe(heading);
});
