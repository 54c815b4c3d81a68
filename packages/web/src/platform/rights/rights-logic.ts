import type { RightNode } from '@hortus/contract';

/** The nodes a rights tree shows: the children of the server's root (or the root itself if it has none). */
export function visibleRoots(tree: RightNode): RightNode[] {
  return tree.children && tree.children.length > 0 ? tree.children : [tree];
}

function findNode(node: RightNode, right: string): RightNode | undefined {
  if (node.right === right) return node;
  for (const child of node.children ?? []) {
    const found = findNode(child, right);
    if (found) return found;
  }
  return undefined;
}

/** The node's right and those of all its descendants that are not locked. */
export function cascadeRights(node: RightNode): string[] {
  const result = [node.right];
  for (const child of node.children ?? []) if (!child.locked) result.push(...cascadeRights(child));
  return result;
}

/**
 * Grants or takes away a right. Only that right changes unless `withDescendants` is set: then the
 * node's unlocked descendants follow it ("mit allen Unterrechten"). Returns a new set.
 */
export function toggleRight(
  tree: RightNode,
  checked: ReadonlySet<string>,
  right: string,
  on: boolean,
  withDescendants = false,
): Set<string> {
  const next = new Set(checked);
  const node = findNode(tree, right);
  const rights = node && withDescendants ? cascadeRights(node) : [right];
  for (const item of rights) {
    if (on) next.add(item);
    else next.delete(item);
  }
  return next;
}

/** Whether a right is held further down the tree. */
export function hasCheckedDescendant(node: RightNode, held: (right: string) => boolean): boolean {
  return (node.children ?? []).some((child) => held(child.right) || hasCheckedDescendant(child, held));
}

/**
 * What a node's checkbox shows. 'checked': the node's own right is held (exactly this string is saved
 * or comes from a group). 'partial': the own right is not held but some right below it is — by
 * containment such a right also satisfies the node's requirement (`x|130|000|010` shows the Cloud
 * menu), yet it grants less than the node's own right would. 'unchecked': nothing here or below.
 * Holding a node's right does not grant the rights below it (`x|130` does not grant `x|130|set`),
 * so the children of a checked node keep their own state.
 */
export type NodeState = 'checked' | 'partial' | 'unchecked';

export function nodeState(node: RightNode, held: (right: string) => boolean): NodeState {
  if (held(node.right)) return 'checked';
  return hasCheckedDescendant(node, held) ? 'partial' : 'unchecked';
}

/** Every node of the visible tree with its state, depth first (for tests and summaries). */
export function shownStates(tree: RightNode, held: (right: string) => boolean): Map<string, NodeState> {
  const states = new Map<string, NodeState>();
  const visit = (node: RightNode) => {
    states.set(node.right, nodeState(node, held));
    for (const child of node.children ?? []) visit(child);
  };
  for (const node of visibleRoots(tree)) visit(node);
  return states;
}

/**
 * Admin-grade rights, marked in the tree: administration of a module (`…|adm`), its settings
 * (`…|set`), user administration (`x|005…`) and the app settings (`x|001`).
 */
export function isAdminRight(right: string): boolean {
  return (
    /\|adm(\||$)/.test(right) ||
    /\|set(\||$)/.test(right) ||
    right === 'x|005' ||
    right.startsWith('x|005|') ||
    right === 'x|001' ||
    right.startsWith('x|001|')
  );
}
