import type { FieldErrors, FieldValues } from 'react-hook-form';

/** Is this node of react-hook-form's error tree one field's error (not a branch of nested fields)? */
function isLeaf(node: unknown): node is { message?: unknown; type: string } {
  return (
    typeof node === 'object' &&
    node !== null &&
    !Array.isArray(node) &&
    typeof (node as { type?: unknown }).type === 'string' &&
    'message' in node
  );
}

/**
 * The paths of all fields in error ('kind.vorname', 'telefonnummern.2.nummer'), in the order of the
 * error tree (the schema's order). A field array's own error (too many rows) is its path; the form's
 * `root` errors are left out.
 */
export function errorPaths<T extends FieldValues>(errors: FieldErrors<T>): string[] {
  const paths: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node !== 'object' || node === null) return;
    if (isLeaf(node)) paths.push(path);
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'types' || key === 'message' || key === 'type') continue;
      if (key === 'root' && path === '') continue;
      walk(child, path === '' ? key : key === 'root' ? path : `${path}.${key}`);
    }
  };
  walk(errors, '');
  return paths;
}

/** True when `path` is `prefix` or lies below it ('telefonnummern.2.nummer' under 'telefonnummern'). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`);
}

/** How many of `paths` lie under any of `prefixes`. */
export function countUnder(paths: readonly string[], prefixes: readonly string[]): number {
  return paths.filter((path) => prefixes.some((prefix) => isUnder(path, prefix))).length;
}
