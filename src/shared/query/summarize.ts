// Flattens a parse into the text / filters / warnings view that the CLI prints and the chips show.
import type { FilterSummary, ParsedQuery, ParsedQuerySummary } from './ast';
import { queryLeaves, type QueryLeaf } from './leaves';

function describeValue(node: Extract<QueryLeaf, { kind: 'filter' }>, query: string): string {
  if (node.display !== undefined) return node.display;
  const raw = query.slice(node.span.start, node.span.end);
  const colon = raw.indexOf(':');
  return (colon === -1 ? raw : raw.slice(colon + 1)).replace(/^"|"$/g, '');
}

export function summarizeQuery(query: string, parsed: ParsedQuery): ParsedQuerySummary {
  const text: string[] = [];
  const filters: FilterSummary[] = [];
  for (const { leaf, isNegated } of queryLeaves(parsed.root)) {
    if (leaf.kind === 'text') text.push(`${isNegated ? '-' : ''}${leaf.phrase ? `"${leaf.value}"` : leaf.value}`);
    else filters.push({ operator: leaf.operator, value: describeValue(leaf, query), negated: isNegated });
  }
  const warnings = parsed.diagnostics.map((diagnostic) => diagnostic.message);
  return { text: text.join(' '), filters, warnings };
}
