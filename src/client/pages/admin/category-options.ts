// The category tree flattened into a select's options, each labelled with its trail
// ("Drivetrain › Cassettes") and its depth, for the part editor and the tree's own moves.
import type { RouterOutputs } from '../../lib/trpc';

export type CategoryNode = RouterOutputs['categories']['tree'][number];

export interface PlacedCategory {
  id: string;
  label: string;
  /** 1 for a top-level category. */
  depth: number;
}

export function flattenTree(nodes: readonly CategoryNode[], above: string[] = []): PlacedCategory[] {
  return nodes.flatMap((node) => [
    { id: node.id, label: [...above, node.name].join(' › '), depth: above.length + 1 },
    ...flattenTree(node.children, [...above, node.name]),
  ]);
}
