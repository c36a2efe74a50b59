// Flattens a parse into the text / filters / warnings view that the CLI prints and the chips show.
import type { FilterSummary, ParsedQuery, ParsedQuerySummary, QueryNode } from './ast';

function describeValue(node: Extract<QueryNode, { kind: 'filter' }>, query: string): string {
  if (node.display !== undefined) return node.display;
  const raw = query.slice(node.span.start, node.span.end);
  const colon = raw.indexOf(':');
  return (colon === -1 ? raw : raw.slice(colon + 1)).replace(/^"|"$/g, '');
}

export function summarizeQuery(query: string, parsed: ParsedQuery): ParsedQuerySummary {
  const text: string[] = [];
  const filters: FilterSummary[] = [];
  const visit = (node: QueryNode, negated: boolean): void => {
    switch (node.kind) {
      case 'and':
      case 'or':
        node.children.forEach((child) => visit(child, negated));
        return;
      case 'not':
        visit(node.child, !negated);
        return;
      case 'text':
        text.push(`${negated ? '-' : ''}${node.phrase ? `"${node.value}"` : node.value}`);
        return;
      case 'filter':
        filters.push({ operator: node.operator, value: describeValue(node, query), negated });
        return;
    }
  };
  if (parsed.root) visit(parsed.root, false);
  const warnings = parsed.diagnostics.map((diagnostic) => diagnostic.message);
  return { text: text.join(' '), filters, warnings };
}
