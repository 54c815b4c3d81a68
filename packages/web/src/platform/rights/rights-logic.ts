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
 * Grants or takes away a right; a node's unlocked descendants follow it (granting a module grants its
 * tabs; taking it away takes them too). Returns a new set.
 */
export function toggleRight(tree: RightNode, checked: ReadonlySet<string>, right: string, on: boolean): Set<string> {
  const next = new Set(checked);
  const node = findNode(tree, right);
  const rights = node ? cascadeRights(node) : [right];
  for (const item of rights) {
    if (on) next.add(item);
    else next.delete(item);
  }
  return next;
}

/** Whether a right not held itself is partly held below (shown as an indeterminate checkbox). */
export function hasCheckedDescendant(node: RightNode, held: (right: string) => boolean): boolean {
  return (node.children ?? []).some((child) => held(child.right) || hasCheckedDescendant(child, held));
}
