// The help sheet lists every operator and scope from the grammar, with examples that parse cleanly.
import { describe, expect, test } from 'vitest';
import { OPERATORS, SCOPES } from './grammar';
import { helpMarkdown, helpSections } from './help';
import { parseQuery } from './parse';

describe('help sheet', () => {
  const sections = helpSections();

  test('one row per operator and scope', () => {
    const operatorRows = sections.find((section) => section.title === 'Operators')!.rows;
    expect(operatorRows).toHaveLength(OPERATORS.length);
    expect(operatorRows.find((row) => row.example === 'in:inbox')?.syntax).toBe('in: label: folder:');
    expect(operatorRows.find((row) => row.example === 'has:attachment')?.syntax).toBe(
      'has:attachment|pdf|document|spreadsheet|presentation|image',
    );
    const scopeRows = sections.find((section) => section.title === 'Scopes')!.rows;
    for (const scope of SCOPES) expect(scopeRows.some((row) => row.syntax === `@${scope.name}:`)).toBe(true);
  });

  test.each(
    helpSections()
      .filter((section) => section.title !== 'Plain English')
      .flatMap((section) => section.rows.map((row) => [row.example])),
  )('example %s parses without warnings', (example) => {
    const parsed = parseQuery(example, { now: Date.UTC(2024, 6, 10), timeZone: 'UTC' });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.root).not.toBeNull();
  });

  test('markdown has a table per section', () => {
    const markdown = helpMarkdown();
    expect(markdown).toContain('### Operators');
    expect(markdown).toContain('| `from:` | Sender name or address | `from:kiraly` |');
    expect(markdown).toContain('### Plain English');
    expect(markdown.match(/\|---\|---\|---\|/g)).toHaveLength(sections.length);
  });
});
