// The words and filters of a query tree in query order, each with whether a NOT or minus above it negates it.
import type { QueryNode } from './ast';

export type QueryLeaf = Extract<QueryNode, { kind: 'text' | 'filter' }>;

export interface PlacedLeaf {
  leaf: QueryLeaf;
  /** An odd number of NOTs above it: `-a`, `NOT (a OR b)`. */
  isNegated: boolean;
}

export function queryLeaves(root: QueryNode | null): PlacedLeaf[] {
  const placed: PlacedLeaf[] = [];
  const visit = (node: QueryNode, isNegated: boolean): void => {
    switch (node.kind) {
      case 'and':
      case 'or':
        for (const child of node.children) visit(child, isNegated);
        return;
      case 'not':
        visit(node.child, !isNegated);
        return;
      case 'text':
      case 'filter':
        placed.push({ leaf: node, isNegated });
        return;
    }
  };
  if (root !== null) visit(root, false);
  return placed;
}
