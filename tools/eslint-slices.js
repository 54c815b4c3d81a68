// @ts-check
/**
 * ESLint rules for the module graph (docs/architecture.md "Packages and dependency rule"): platform code imports
 * no module; a module imports another only through its public surface (contract entry
 * `@hortus/contract/modules/<m>`, server/web `modules/<m>/public.ts`) and only when its definition declares it
 * (`dependsOn`), for relative imports and package specifiers alike; the runtime import graph has no cycle; a day
 * is never the UTC day `toISOString().slice(0, 10)`; the server platform names no module's table. Another rule keeps
 * the account tables to the platform's accounts service. Every package declares the packages it imports.
 */
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** @param {string} file */
function posix(file) {
  return file.split(path.sep).join('/');
}

/**
 * @param {string} file
 * @returns {{kind: 'platform', pkg: string} | {kind: 'module', pkg: string, name: string, rest: string} | null}
 */
function sliceOf(file) {
  const match = /\/packages\/([^/]+)\/src\/(platform|modules)(?:\/([^/]+)(\/.*)?)?/.exec(posix(file));
  if (!match) return null;
  const pkg = match[1] ?? '';
  return match[2] === 'platform'
    ? { kind: 'platform', pkg }
    : { kind: 'module', pkg, name: match[3] ?? '', rest: match[4] ?? '' };
}

/** @type {Map<string, {code: string, dependsOn: string[]}> | null} */
let definitionsCache = null;
/**
 * Each contract module's code and declared dependencies (`dependsOn`), read from its definition.ts, by
 * folder name (the same name on server and web).
 * @param {string} contractModules the folder packages/contract/src/modules
 */
export function moduleDefinitions(contractModules = path.join(repoRoot, 'packages/contract/src/modules')) {
  if (definitionsCache && contractModules === path.join(repoRoot, 'packages/contract/src/modules')) {
    return definitionsCache;
  }
  /** @type {Map<string, {code: string, dependsOn: string[]}>} */
  const out = new Map();
  for (const name of fs.existsSync(contractModules) ? fs.readdirSync(contractModules) : []) {
    const file = path.join(contractModules, name, 'definition.ts');
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const code = /\bcode:\s*'(\d{3})'/.exec(text)?.[1] ?? '';
    const list = /\bdependsOn:\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '';
    out.set(name, { code, dependsOn: [...list.matchAll(/'(\d{3})'/g)].map((m) => m[1] ?? '') });
  }
  if (contractModules === path.join(repoRoot, 'packages/contract/src/modules')) definitionsCache = out;
  return out;
}

/** Whether a module (folder name) declares a dependency on another (folder name). */
function declares(/** @type {string} */ from, /** @type {string} */ to) {
  const definitions = moduleDefinitions();
  const target = definitions.get(to)?.code;
  return target !== undefined && (definitions.get(from)?.dependsOn ?? []).includes(target);
}

/** A module's public surface inside a package: the contract's module entry, elsewhere modules/<m>/public.ts. */
function isPublicSurface(/** @type {string} */ pkg, /** @type {string} */ rest) {
  const entry = rest.replace(/\.(ts|tsx|js)$/, '');
  return pkg === 'contract' ? entry === '' || entry === '/index' : entry === '/public';
}

/** @type {import('eslint').Rule.RuleModule} */
const sliceBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'platform imports no module; a module imports another only through its public surface and only when declared in dependsOn',
    },
    schema: [
      {
        type: 'object',
        properties: { platformExceptions: { type: 'object', additionalProperties: { type: 'array' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      platform: 'Platform code must not import module code ({{target}}).',
      surface:
        'Module "{{from}}" may use module "{{to}}" only through its public surface ({{surface}}), not {{target}}.',
      undeclared:
        'Module "{{from}}" imports module "{{to}}" without declaring it: add its code to dependsOn in contract/src/modules/{{from}}/definition.ts.',
    },
  },
  create(context) {
    const from = sliceOf(context.filename);
    /** @param {any} node @param {unknown} source */
    const checkSource = (node, source) => {
      if (typeof source !== 'string') return;
      /** @type {{pkg: string, name: string, rest: string} | null} */
      let target = null;
      if (source.startsWith('.')) {
        const resolved = sliceOf(path.resolve(path.dirname(context.filename), source));
        if (resolved?.kind === 'module') target = resolved;
      } else {
        const match = /^@hortus\/contract\/(?:src\/)?modules\/([^/]+)(\/.*)?$/.exec(source);
        if (match)
          target = { pkg: 'contract', name: match[1] ?? '', rest: source.includes('/src/') ? '/x' : (match[2] ?? '') };
      }
      if (!target) return;
      if (from?.kind === 'platform') {
        /** @type {Record<string, string[]>} */
        const exceptions = context.options[0]?.platformExceptions ?? {};
        const relative = posix(path.relative(repoRoot, context.filename));
        if (!source.startsWith('.') && (exceptions[relative] ?? []).includes(target.name)) return;
        // A platform test may use a real module's contract as its sample (never a module's code).
        if (!source.startsWith('.') && /\.test\.tsx?$/.test(relative)) return;
        context.report({ node, messageId: 'platform', data: { target: source } });
        return;
      }
      // The app's wiring (server app.ts, server-modules.ts, web app/) and files outside src import modules freely.
      if (from?.kind !== 'module') return;
      const fromName = from.name;
      if (fromName === target.name && (from.pkg === target.pkg || isPublicSurface(target.pkg, target.rest))) return;
      if (!isPublicSurface(target.pkg, target.rest)) {
        const surface =
          target.pkg === 'contract' ? `@hortus/contract/modules/${target.name}` : `modules/${target.name}/public.ts`;
        context.report({
          node,
          messageId: 'surface',
          data: { from: fromName, to: target.name, surface, target: source },
        });
        return;
      }
      if (!declares(fromName, target.name)) {
        context.report({ node, messageId: 'undeclared', data: { from: fromName, to: target.name } });
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

/** Relative runtime imports of a file (type-only imports and dynamic imports create no load-time edge). */
/** @type {Map<string, string[]>} */
const edgesCache = new Map();
const importPattern =
  /(?:^|\n)[ \t]*(?:import|export)[ \t]+(type[ \t]+)?(?:([^;'"]*?)[ \t\n]*from[ \t]*)?['"](\.{1,2}\/[^'"]*)['"]/g;

/** @param {string} file @param {string} dir */
function resolveRelative(file, dir) {
  const base = path.resolve(dir, file);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (/\.(ts|tsx)$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  const swapped = base.replace(/\.js$/, '.ts');
  return fs.existsSync(swapped) ? swapped : null;
}

/**
 * @param {string} file
 * @param {string} [text]
 * @returns {string[]}
 */
export function runtimeEdges(file, text) {
  const cached = text === undefined ? edgesCache.get(file) : undefined;
  if (cached) return cached;
  const source = text ?? (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
  /** @type {string[]} */
  const edges = [];
  for (const match of source.matchAll(importPattern)) {
    if (match[1]) continue;
    const clause = (match[2] ?? '').trim();
    const inner = /^\{([\s\S]*)\}$/.exec(clause)?.[1];
    if (inner !== undefined) {
      const names = inner
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      if (names.length > 0 && names.every((name) => name.startsWith('type '))) continue;
    }
    const target = resolveRelative(match[3] ?? '', path.dirname(file));
    if (target) edges.push(target);
  }
  if (text === undefined) edgesCache.set(file, edges);
  return edges;
}

/**
 * The shortest path of runtime imports from `start` back to `file`, or null (breadth first).
 * @param {string} file @param {string} start
 */
function pathBack(file, start) {
  /** @type {Map<string, string | null>} */
  const parent = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = /** @type {string} */ (queue.shift());
    if (current === file) {
      const chain = [];
      for (let at = /** @type {string | null} */ (current); at !== null; at = parent.get(at) ?? null) chain.unshift(at);
      return chain;
    }
    for (const next of runtimeEdges(current)) {
      if (!parent.has(next)) {
        parent.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'the runtime import graph is acyclic (type-only and dynamic imports excepted)' },
    schema: [],
    messages: { cycle: 'Import cycle: {{chain}}.' },
  },
  create(context) {
    const file = path.resolve(context.filename);
    if (!/\.(ts|tsx)$/.test(file)) return {};
    const text = context.sourceCode.getText();
    const edges = new Set(runtimeEdges(file, text));
    edgesCache.set(file, [...edges]);
    /** @param {any} node */
    const check = (node) => {
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolveRelative(source, path.dirname(file));
      if (!target || !edges.has(target)) return;
      const chain = pathBack(file, target);
      if (!chain) return;
      const names = [file, ...chain].map((step) => path.relative(path.dirname(file), step) || path.basename(step));
      context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const noUtcDay = {
  meta: {
    type: 'problem',
    docs: { description: 'a day is not toISOString().slice(0, 10) (the UTC day): use the Berlin clock or utcIsoDay' },
    schema: [],
    messages: {
      utcDay:
        'toISOString().{{method}}(0, 10) is the UTC day, wrong between midnight and 01:00/02:00 in Berlin: use todayIsoDay / toLocal for a local day, utcIsoDay for a UTC calendar date.',
    },
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (method !== 'slice' && method !== 'substring' && method !== 'substr') return;
        const [first, second] = node.arguments;
        if (first?.type !== 'Literal' || first.value !== 0 || second?.type !== 'Literal' || second.value !== 10) return;
        const inner = callee.object;
        if (
          inner.type === 'CallExpression' &&
          inner.callee.type === 'MemberExpression' &&
          inner.callee.property.type === 'Identifier' &&
          inner.callee.property.name === 'toISOString'
        ) {
          context.report({ node, messageId: 'utcDay', data: { method } });
        }
      },
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

/** @type {Set<string> | null} */
let moduleTablesCache = null;
/**
 * The tables server modules own: every `pgTable('<name>'` in packages/server/src/modules/<m>/schema.ts.
 * @param {string} [serverModules] the folder packages/server/src/modules
 */
export function moduleTables(serverModules = path.join(repoRoot, 'packages/server/src/modules')) {
  const own = serverModules === path.join(repoRoot, 'packages/server/src/modules');
  if (own && moduleTablesCache) return moduleTablesCache;
  /** @type {Set<string>} */
  const out = new Set();
  for (const name of fs.existsSync(serverModules) ? fs.readdirSync(serverModules) : []) {
    const file = path.join(serverModules, name, 'schema.ts');
    if (!fs.existsSync(file)) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/pgTable\(\s*['"]([a-z0-9_]+)['"]/g)) {
      out.add(match[1] ?? '');
    }
  }
  if (own) moduleTablesCache = out;
  return out;
}

/** @type {import('eslint').Rule.RuleModule} */
const noModuleTables = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "server platform code names no module's table (raw SQL, label maps): a module offers what the platform needs through an extension point",
    },
    schema: [],
    messages: {
      table:
        'Platform code names the table "{{table}}" of a module: let the module provide it through an extension point (platform/modules/server-module.ts).',
    },
  },
  create(context) {
    const from = sliceOf(context.filename);
    if (from?.kind !== 'platform' || from.pkg !== 'server') return {};
    const tables = moduleTables();
    /** A name a table of a module, unmistakably: a snake_case name (plain words such as 'customers' only in SQL). */
    const named = (/** @type {unknown} */ value) =>
      typeof value === 'string' && value.includes('_') && tables.has(value) ? value : null;
    /** @param {any} node @param {string} table */
    const report = (node, table) => context.report({ node, messageId: 'table', data: { table } });
    return {
      TemplateLiteral(node) {
        const text = node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ');
        for (const match of text.matchAll(/\b(?:from|join|into|update|table|truncate)\s+"?([a-z0-9_]+)/gi)) {
          const table = match[1] ?? '';
          if (tables.has(table)) return report(node, table);
        }
      },
      Literal(node) {
        const table = named(node.value);
        if (table) report(node, table);
      },
      Property(node) {
        if (node.computed || node.key.type !== 'Identifier') return;
        const table = named(node.key.name);
        if (table) report(node.key, table);
      },
    };
  },
};

/** @type {Map<string, {name: string, dir: string, declared: Set<string>} | null>} */
const manifests = new Map();

/** The package.json nearest to a folder (its name and every package it declares), up to the repository root. */
function nearestManifest(folder) {
  if (manifests.has(folder)) return manifests.get(folder) ?? null;
  const file = path.join(folder, 'package.json');
  let found = null;
  if (fs.existsSync(file)) {
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    const declared = new Set(
      ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((key) =>
        Object.keys(json[key] ?? {}),
      ),
    );
    found = { name: json.name ?? '', dir: folder, declared };
  } else if (folder !== repoRoot && folder !== path.dirname(folder)) {
    found = nearestManifest(path.dirname(folder));
  }
  manifests.set(folder, found);
  return found;
}

const builtins = new Set(builtinModules);

/** @type {import('eslint').Rule.RuleModule} */
const declaredDependencies = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "a package imports only packages its package.json declares (the workspace root's tooling — vitest, typescript, eslint — included)",
    },
    schema: [],
    messages: {
      undeclared:
        "'{{name}}' is imported but not declared in {{manifest}}: add it there (npm install {{name}} -w {{workspace}}).",
    },
  },
  create(context) {
    const own = nearestManifest(path.dirname(path.resolve(context.filename)));
    const root = nearestManifest(repoRoot);
    if (!own || !root) return {};
    const manifest = `${posix(path.relative(repoRoot, own.dir)) || '.'}/package.json`;
    /** @param {import('estree').Node} node @param {unknown} source @param {boolean} typeOnly */
    function check(node, source, typeOnly) {
      if (typeof source !== 'string' || source.startsWith('.') || source.startsWith('/')) return;
      if (source.startsWith('node:') || builtins.has(source.split('/')[0] ?? '')) return;
      const parts = source.split('/');
      const name = source.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
      if (!own || !root || name === own.name || name.startsWith('virtual:')) return;
      const known = (set) =>
        set.has(name) ||
        (typeOnly && set.has(`@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`));
      if (known(own.declared) || known(root.declared)) return;
      const workspace = own.name || '.';
      context.report({
        node,
        messageId: 'undeclared',
        data: { name, manifest, workspace },
      });
    }
    return {
      ImportDeclaration(node) {
        check(node.source, node.source.value, node.importKind === 'type');
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node.source, node.source.value, node.exportKind === 'type');
      },
      ExportAllDeclaration(node) {
        check(node.source, node.source.value, node.exportKind === 'type');
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') check(node.source, node.source.value, false);
      },
    };
  },
};

export default {
  rules: {
    'slice-boundaries': sliceBoundaries,
    'no-account-writes': noAccountWrites,
    'no-cycles': noCycles,
    'no-utc-day': noUtcDay,
    'no-module-tables': noModuleTables,
    'declared-dependencies': declaredDependencies,
  },
};
