import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleReport {
  loginRouteGzipBytes: number;
  loginRouteFiles: { file: string; gzipBytes: number }[];
  chunks: { file: string; gzipBytes: number }[];
}

const gzipSize = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length;

/**
 * The JavaScript the login route loads: the entry script of index.html and the chunks it
 * preloads or imports statically (followed transitively). Lazy module chunks are listed apart.
 */
export function measureBundle(webDist: string): BundleReport {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(path.join(webDist, file), 'utf8');
    // Static imports only (`import ... from "./x.js"` / `import "./x.js"`), not `import("./x.js")`.
    for (const match of source.matchAll(/(?:^|[;}\s])import(?:[^"'()]*?from)?\s*["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(file), match[1] as string));
    }
  }
  const loginRouteFiles = [...seen].map((file) => ({ file, gzipBytes: gzipSize(path.join(webDist, file)) }));
  const assets = path.join(webDist, 'assets');
  const chunks = fs
    .readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file: `assets/${file}`, gzipBytes: gzipSize(path.join(assets, file)) }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    loginRouteGzipBytes: loginRouteFiles.reduce((sum, file) => sum + file.gzipBytes, 0),
    loginRouteFiles,
    chunks,
  };
}
