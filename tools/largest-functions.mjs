#!/usr/bin/env node
// Lists the largest functions of a source tree by lines (issue 41 reports them before/after).
// Usage: node tools/largest-functions.mjs [dir=packages/server/src] [count=8]
// A function's size counts its whole body, nested functions included (they are not listed on their own);
// tests are left out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = process.argv[2] ?? 'packages/server/src';
const count = Number(process.argv[3] ?? 8);

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

/** A readable name: the declaration's own, else the variable, property or call argument it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && parent.name) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `${parent.expression.getText().split('(')[0].slice(-40)}(…)`;
  return '(anonymous)';
}

const found = [];
for (const file of sourceFiles(root)) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = (at) => source.getLineAndCharacterOfPosition(at).line;
      const start = lines(node.getStart(source));
      const end = lines(node.end);
      // Methods and object members are named after their enclosing object when it is named.
      let name = nameOf(node);
      if (ts.isMethodDeclaration(node) || ts.isPropertyAssignment(node.parent)) {
        const owner = node.parent.parent?.parent ?? node.parent.parent;
        if (owner && ts.isCallExpression(owner.parent ?? owner)) {
          const holder = owner.parent?.parent;
          if (holder && ts.isVariableDeclaration(holder)) name = `${holder.name.getText()}.${name}`;
        } else if (owner && ts.isVariableDeclaration(owner)) name = `${owner.name.getText()}.${name}`;
      }
      found.push({ lines: end - start + 1, file: relative(process.cwd(), file), line: start + 1, name });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

found.sort((a, b) => b.lines - a.lines);
for (const entry of found.slice(0, count)) {
  console.log(`${String(entry.lines).padStart(5)}  ${entry.name}  ${entry.file}:${entry.line}`);
}
