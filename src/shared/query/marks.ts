// Where a parse found problems and plain English it understood, as spans of the text: the search bar's marks.
import type { ParsedQuery, QueryMarks } from './ast';
import { queryLeaves } from './leaves';

export function queryMarks(parsed: ParsedQuery): QueryMarks {
  // Filters read from words cover their preposition too: "with Janesh" includes its "with".
  const inferred = queryLeaves(parsed.root).flatMap(({ leaf }) => (leaf.kind === 'filter' && leaf.inferred ? [leaf.span] : []));
  return {
    problems: parsed.diagnostics.map((diagnostic) => diagnostic.span),
    understood: [...(parsed.understood ?? []).map((item) => item.span), ...inferred],
  };
}
