// @ts-check
/**
 * Codemod: rewrites imports of module symbols from the `@hortus/contract` barrel to the module entries
 * (`@hortus/contract/modules/<module>`), and a platform symbol imported from a module entry back to the barrel. The barrel exports the platform and the registry only; each module's
 * contract is reached through its own entry (packages/contract/src/modules/<module>/index.ts).
 *
 *   node tools/contract-imports.mjs [--check] [dir …]     (default: packages/server packages/web e2e bench scripts)
 *
 * Rerunnable: a file with nothing to move stays untouched. `--check` lists what would change and exits 1.
 * Run prettier on the changed files afterwards (the rewritten lines are written plainly).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const contractSrc = path.join(root, 'packages/contract/src');
const modulesDir = path.join(contractSrc, 'modules');
const barrel = '@hortus/contract';

/**
 * Names each module entry exports, read with the type checker (export * chains included): symbol → module,
 * '' for the barrel's (platform and registry) symbols.
 */
function moduleExports() {
  const modules = fs.readdirSync(modulesDir).filter((name) => fs.existsSync(path.join(modulesDir, name, 'index.ts')));
  const entries = modules.map((name) => path.join(modulesDir, name, 'index.ts'));
  const program = ts.createProgram([path.join(contractSrc, 'index.ts'), ...entries], {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2023,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  /** @param {string} file */
  const namesOf = (file) => {
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    return new Set(symbol ? checker.getExportsOfModule(symbol).map((s) => s.name) : []);
  };
  const platform = namesOf(path.join(contractSrc, 'index.ts'));
  /** @type {Map<string, string>} symbol → module */
  const owner = new Map();
  for (const [i, name] of modules.entries()) {
    for (const symbol of namesOf(/** @type {string} */ (entries[i]))) {
      if (platform.has(symbol)) continue;
      const before = owner.get(symbol);
      if (before && before !== name) throw new Error(`${symbol} is exported by modules ${before} and ${name}`);
      owner.set(symbol, name);
    }
  }
  for (const symbol of platform) owner.set(symbol, '');
  return owner;
}

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  /** @type {string[]} */
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/**
 * @param {string} file
 * @param {Map<string, string>} owner
 * @returns {string | null} the new text, or null when nothing moves
 */
export function rewrite(file, owner, text = fs.readFileSync(file, 'utf8')) {
  if (!text.includes(`'${barrel}`) && !text.includes(`"${barrel}`)) return null;
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  /** @type {{start: number, end: number, text: string}[]} */
  const edits = [];
  for (const statement of source.statements) {
    const isImport = ts.isImportDeclaration(statement);
    const isExport = ts.isExportDeclaration(statement);
    if (!isImport && !isExport) continue;
    const specifierNode = statement.moduleSpecifier;
    if (!specifierNode || !ts.isStringLiteral(specifierNode)) continue;
    const from = specifierNode.text;
    if (from !== barrel && !from.startsWith(`${barrel}/modules/`)) continue;
    /** @type {readonly (ts.ImportSpecifier | ts.ExportSpecifier)[]} */
    let elements;
    let typeOnly = false;
    let head = '';
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
      elements = clause.namedBindings.elements;
      typeOnly = clause.isTypeOnly;
      head = typeOnly ? 'import type' : 'import';
    } else {
      if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) continue;
      elements = statement.exportClause.elements;
      typeOnly = statement.isTypeOnly;
      head = typeOnly ? 'export type' : 'export';
    }
    /** @type {Map<string, string[]>} target → specifier texts */
    const groups = new Map();
    for (const element of elements) {
      const imported = (element.propertyName ?? element.name).text;
      const module = owner.get(imported);
      const target = module === undefined ? from : module === '' ? barrel : `${barrel}/modules/${module}`;
      const list = groups.get(target) ?? [];
      list.push(element.getText(source));
      groups.set(target, list);
    }
    if (groups.size === 1 && groups.has(from)) continue;
    const targets = [...groups.keys()].sort((a, b) => (a === barrel ? -1 : b === barrel ? 1 : a.localeCompare(b)));
    const replacement = targets
      .map((target) => {
        const names = groups.get(target) ?? [];
        // A group of inline type specifiers only becomes `import type { … }` (no empty runtime import).
        if (!typeOnly && names.every((name) => name.startsWith('type '))) {
          const stripped = names.map((name) => name.slice('type '.length));
          return `${head} type { ${stripped.join(', ')} } from '${target}';`;
        }
        return `${head} { ${names.join(', ')} } from '${target}';`;
      })
      .join('\n');
    edits.push({ start: statement.getStart(source), end: statement.getEnd(), text: replacement });
  }
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  out = mergeImports(file, out, kind);
  return out === text ? null : out;
}

/**
 * Joins named imports of one contract entry of the same kind (value or type) into the first of them.
 * @param {string} file @param {string} text @param {ts.ScriptKind} kind
 */
function mergeImports(file, text, kind) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  /** @type {Map<string, {first: ts.ImportDeclaration, names: string[], rest: ts.ImportDeclaration[]}>} */
  const byKey = new Map();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    if (from !== barrel && !from.startsWith(`${barrel}/`)) continue;
    const clause = statement.importClause;
    if (!clause || clause.name || !clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
    const key = `${clause.isTypeOnly ? 'type ' : ''}${from}`;
    const names = clause.namedBindings.elements.map((element) => element.getText(source));
    const entry = byKey.get(key);
    if (entry) {
      entry.names.push(...names);
      entry.rest.push(statement);
    } else byKey.set(key, { first: statement, names, rest: [] });
  }
  /** @type {{start: number, end: number, text: string}[]} */
  const edits = [];
  for (const [key, { first, names, rest }] of byKey) {
    if (rest.length === 0) continue;
    const typeOnly = key.startsWith('type ');
    const from = typeOnly ? key.slice('type '.length) : key;
    const unique = [...new Set(names)];
    const head = typeOnly ? 'import type' : 'import';
    edits.push({
      start: first.getStart(source),
      end: first.getEnd(),
      text: `${head} { ${unique.join(', ')} } from '${from}';`,
    });
    for (const statement of rest) edits.push({ start: statement.getFullStart(), end: statement.getEnd(), text: '' });
  }
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname;
if (isMain) {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const dirs = args.filter((arg) => arg !== '--check');
  const roots = (dirs.length ? dirs : ['packages/server', 'packages/web', 'e2e', 'bench', 'scripts']).map((dir) =>
    path.resolve(root, dir),
  );
  const owner = moduleExports();
  const changed = [];
  for (const file of roots.flatMap(sourceFiles)) {
    const next = rewrite(file, owner);
    if (next === null) continue;
    changed.push(path.relative(root, file));
    if (!check) fs.writeFileSync(file, next);
  }
  for (const file of changed) console.log(file);
  console.error(`${changed.length} file(s) ${check ? 'import module symbols from the barrel' : 'rewritten'}`);
  if (check && changed.length) process.exit(1);
}
