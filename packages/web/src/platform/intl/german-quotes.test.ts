import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Texts the specification words with straight quotes; shown exactly as written there. */
const specWorded = ['Alle Hydranten sind nun "${statusName}".'];

/** Every non-test source file below a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// A word or placeholder in straight double quotes after a space, inside a '…' or `…` string: German
// texts quote with „…“ (HTML, SVG and CSV code has no space-led quoted words inside its strings).
const straightQuoted = /(['`])[^'`\n]*\s"[A-Za-zÄÖÜäöü${][^"'`\n]*"[^'`\n]*\1/g;

describe('German quotes', () => {
  it('user texts of web and contract quote with „…“, not "…" (except where the specification words it so)', () => {
    const root = path.resolve(__dirname, '../../../..');
    const found = [path.join(root, 'web/src'), path.join(root, 'contract/src')].flatMap(sources).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(straightQuoted)]
        .map((match) => match[0])
        .filter((text) => !specWorded.some((allowed) => text.includes(allowed)))
        .map((text) => `${path.relative(root, file)}: ${text}`),
    );
    expect(found).toEqual([]);
  });
});
