// Writes .br and .gz next to every text asset of the build, so the server sends them precompressed.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', 'dist');
const compressible = /\.(js|css|html|svg|json|webmanifest|txt|map)$/;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (compressible.test(entry.name) && !entry.name.endsWith('.map')) {
      const data = fs.readFileSync(file);
      if (data.length < 1024) continue;
      fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        }),
      );
    }
  }
}
walk(dist);
