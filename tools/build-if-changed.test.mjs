// `npm start` skips the build when its inputs did not change (scripts/build-if-changed.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputsFingerprint } from '../scripts/build-if-changed.mjs';

function write(base, file, text) {
  fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  fs.writeFileSync(path.join(base, file), text);
}

describe('the build inputs’ fingerprint', () => {
  it('changes with a source file, not with a test, dependencies or build output', () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-inputs-'));
    try {
      write(base, 'packages/server/src/main.ts', 'console.log(1);');
      write(base, 'packages/web/src/app.tsx', 'export {};');
      const first = inputsFingerprint(base);
      expect(inputsFingerprint(base)).toBe(first);
      write(base, 'packages/web/src/app.test.tsx', 'it();');
      write(base, 'packages/web/src/node_modules/x.js', '1');
      write(base, 'packages/server/dist/main.js', '1');
      expect(inputsFingerprint(base)).toBe(first);
      write(base, 'packages/server/src/main.ts', 'console.log(2);');
      expect(inputsFingerprint(base)).not.toBe(first);
      write(base, 'packages/server/src/main.ts', 'console.log(1);');
      write(base, 'package-lock.json', '{}');
      expect(inputsFingerprint(base)).not.toBe(first);
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
