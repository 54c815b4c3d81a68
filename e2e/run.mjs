// Runs the browser tests with Debian's Chromium. Where HORTUS_REQUIRE_BROWSER is set (CI), a
// missing browser fails the run; elsewhere it says how to install it and runs nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

if (!fs.existsSync('/usr/bin/chromium')) {
  const message = 'Browsertests: /usr/bin/chromium fehlt (apt-get install -y chromium).';
  if (process.env.HORTUS_REQUIRE_BROWSER) {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message} Browsertests werden nicht ausgeführt.`);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
