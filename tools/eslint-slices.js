// @ts-check
/**
 * ESLint rule enforcing the dependency direction of shared/design/style.md inside each package:
 * platform code imports no module, and no module imports another module. A second rule keeps the
 * account tables to the platform's accounts service.
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

/** The account tables only the platform's accounts service (platform/users/accounts.ts) writes. */
const accountTables = new Set(['users', 'groups', 'userGroups', 'groupRights', 'userRights', 'sessions']);
const accountTablesSql =
  /\b(insert\s+into|update|delete\s+from)\s+"?(users|groups|user_groups|group_rights|user_rights|sessions)\b/i;

/** @type {import('eslint').Rule.RuleModule} */
const noAccountWrites = {
  meta: {
    type: 'problem',
    docs: { description: 'modules read account tables but write them only through the platform accounts service' },
    schema: [],
    messages: {
      write:
        'Modules must not {{verb}} the account table "{{table}}"; call the accounts service (platform/users/accounts.ts).',
    },
  },
  create(context) {
    const from = sliceOf(context.filename);
    if (!from || from.kind !== 'module' || !/\/packages\/server\//.test(context.filename.split(path.sep).join('/'))) {
      return {};
    }
    /** Local names of imported account tables → table name; namespace imports of the schema. */
    const tables = new Map();
    const namespaces = new Set();
    /** @param {any} node @returns {string | null} */
    const tableOf = (node) => {
      if (!node) return null;
      if (node.type === 'Identifier') return tables.get(node.name) ?? null;
      if (node.type === 'MemberExpression' && node.object.type === 'Identifier' && namespaces.has(node.object.name)) {
        const name = node.property.type === 'Identifier' ? node.property.name : null;
        return name && accountTables.has(name) ? name : null;
      }
      return null;
    };
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (!/(^|\/)platform\/db\/schema$/.test(source)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name);
          if (specifier.type !== 'ImportSpecifier') continue;
          const imported =
            specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
          if (accountTables.has(imported)) tables.set(specifier.local.name, imported);
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const verb = callee.property.name;
        if (verb !== 'insert' && verb !== 'update' && verb !== 'delete') return;
        const table = tableOf(node.arguments[0]);
        if (table) context.report({ node, messageId: 'write', data: { verb, table } });
      },
      TemplateLiteral(node) {
        const text = node.quasis.map((quasi) => quasi.value.raw).join(' ');
        const match = accountTablesSql.exec(text);
        if (match) context.report({ node, messageId: 'write', data: { verb: match[1] ?? '', table: match[2] ?? '' } });
      },
    };
  },
};

export default { rules: { 'slice-boundaries': sliceBoundaries, 'no-account-writes': noAccountWrites } };
