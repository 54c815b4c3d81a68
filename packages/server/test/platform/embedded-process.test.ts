import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { describe, expect, it } from 'vitest';

const main = path.resolve(__dirname, '../../src/main.ts');

function startServer(
  dataDir: string,
  port = '0',
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: port,
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      INITIAL_ADMIN_PASSWORD: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The embedded database's process rules (only in the PGlite run: PostgreSQL has no data-folder lock).
describe('server process on the embedded database', () => {
  it('prints the admin password once, refuses a second process on the same data folder, and stops cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-proc-'));
    const first = startServer(dataDir);
    try {
      await waitFor(() => first.output().includes('Hortus läuft'), 60_000);
      expect(first.output()).toMatch(
        /Administrator angelegt: admin \/ [A-Za-z2-9]{16} {2}\(wird nur dieses eine Mal angezeigt\)/,
      );
      // The password is the banner's last line (request logs follow it); the banner says who reaches the server.
      const banner = first.output().slice(first.output().indexOf('Hortus läuft')).trim().split('\n');
      expect(banner.at(-1)).toMatch(/^Administrator angelegt: admin \//);
      expect(banner).toContain('Nur auf diesem Rechner erreichbar (HOST=0.0.0.0 macht ihn im Netz erreichbar).');
      expect(banner.some((line) => line.startsWith('QR-Codes, Briefe und Kalender-Adressen nennen http://'))).toBe(
        true,
      );

      const second = startServer(dataDir);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`Der Datenordner ${dataDir} wird bereits von Prozess ${first.child.pid}`);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'hortus.lock'))).toBe(false);

      // After a clean stop the data is there and no new administrator is created.
      const third = startServer(dataDir);
      await waitFor(() => third.output().includes('Hortus läuft'), 60_000);
      expect(third.output()).not.toContain('Administrator angelegt');
      third.child.kill('SIGTERM');
      expect(await third.exited).toBe(0);
    } finally {
      first.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('comes up at the first try right after the previous server was killed with SIGKILL', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-kill-'));
    const first = startServer(dataDir);
    let second: ReturnType<typeof startServer> | undefined;
    try {
      await waitFor(() => first.output().includes('Hortus läuft'), 60_000);
      // A supervisor restarts at once: the lock still names the killed process (maybe not yet reaped).
      first.child.kill('SIGKILL');
      second = startServer(dataDir);
      await waitFor(() => second!.output().includes('Hortus läuft') || second!.child.exitCode !== null, 60_000);
      expect(second.output()).toContain('Hortus läuft');
      expect(second.output()).not.toContain('Administrator angelegt');
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      first.child.kill('SIGKILL');
      second?.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('ends the start with a German message before creating anything when the port is taken', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-port-')), 'daten');
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const server = startServer(dataDir, String(port));
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Port ${port} ist bereits belegt`);
      expect(fs.existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 60_000);
});
