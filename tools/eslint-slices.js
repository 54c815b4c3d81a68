// @ts-check
/**
 * ESLint rule enforcing the dependency direction of shared/design/style.md inside each package:
 * platform code imports no module, and no module imports another module.
 */
import path from 'node:path';

/** @param {string} file */
function sliceOf(file) {
  const normalized = file.split(path.sep).join('/');
  const match = /\/packages\/[^/]+\/src\/(platform|modules)(?:\/([^/]+))?/.exec(normalized);
  if (!match) return null;
  return match[1] === 'platform' ? { kind: 'platform' } : { kind: 'module', name: match[2] ?? '' };
}

/** @type {import('eslint').Rule.RuleModule} */
const sliceBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'platform imports no module; a module imports no other module' },
    schema: [],
    messages: {
      platform: 'Platform code must not import module code ({{target}}).',
      module: 'Module "{{from}}" must not import module "{{to}}"; share through platform or contract instead.',
    },
  },
  create(context) {
    const from = sliceOf(context.filename);
    if (!from) return {};
    /** @param {any} node @param {unknown} source */
    const checkSource = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = sliceOf(path.resolve(path.dirname(context.filename), source));
      if (!target || target.kind !== 'module') return;
      if (from.kind === 'platform') {
        context.report({ node, messageId: 'platform', data: { target: source } });
      } else if (from.kind === 'module' && target.name !== from.name) {
        context.report({ node, messageId: 'module', data: { from: from.name ?? '', to: target.name ?? '' } });
      }
    };
    return {
      ImportDeclaration: (node) => checkSource(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && checkSource(node, node.source.value),
      ExportAllDeclaration: (node) => checkSource(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && checkSource(node, node.source.value),
    };
  },
};

export default { rules: { 'slice-boundaries': sliceBoundaries } };
