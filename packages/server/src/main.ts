import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { buildApp } from './app';
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { lockDataDir, DataDirLockedError, type DataDirLock } from './platform/db/data-lock';
import { openPglite, openPostgres, type Database } from './platform/db/database';
import { collectWhenIdle } from './platform/runtime/idle-gc';
import { unchangedDemoLogins } from './seed/demo';

class PortTakenError extends Error {}

/** Ends the start before anything is created when another program already listens on the port. */
function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EACCES'
          ? new PortTakenError(
              `Port ${port} ist bereits belegt (oder nicht erlaubt). Bitte den anderen Dienst beenden oder mit PORT einen freien Port wählen.`,
            )
          : error,
      ),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Addresses only this machine reaches. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

async function main(): Promise<void> {
  const config = loadConfig();
  await assertPortFree(config.PORT, config.HOST);
  let lock: DataDirLock | null = null;
  let database: Database;
  const pgdata = path.join(config.dataDir, 'pgdata');
  const created = !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
  if (config.DATABASE_URL) {
    database = await openPostgres(config.DATABASE_URL);
  } else {
    lock = lockDataDir(config.dataDir, 'server');
    database = await openPglite(pgdata);
  }

  const result = await bootstrap(database, {
    adminUser: config.INITIAL_ADMIN_USER,
    adminPassword: config.INITIAL_ADMIN_PASSWORD,
    seed: config.SEED,
  });
  if (database.kind === 'pglite' && created) {
    // Unpacking the template cluster and the demo seed grew the WebAssembly memory, which never shrinks:
    // the server continues on a fresh instance (~30 MB less RSS, bench/memory.ts).
    await database.close();
    database = await openPglite(pgdata);
  }
  const app = await buildApp({
    database,
    dataDir: config.dataDir,
    publicUrl: config.PUBLIC_URL,
    webDist: config.WEB_DIST,
    logger: { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    smtpUrl: config.SMTP_URL,
    fileStore: config.FILE_STORE,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} empfangen, Server wird beendet`);
    try {
      await app.close();
      await database.close();
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Gives back what the start and later busy spells left in the heap (the server runs without --optimize-for-size).
  collectWhenIdle(app.server);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL ?? `http://localhost:${port}`;

  const lines = [
    '',
    `Hortus läuft: ${url}`,
    `Datenbank: ${database.kind === 'pglite' ? `eingebettet (PGlite) in ${path.join(config.dataDir, 'pgdata')}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (LOCAL_HOSTS.has(config.HOST)) {
    lines.push('Nur auf diesem Rechner erreichbar (HOST=0.0.0.0 macht ihn im Netz erreichbar).');
  }
  if (!config.PUBLIC_URL) {
    lines.push(`QR-Codes, Briefe und Kalender-Adressen nennen ${url} – für andere Geräte PUBLIC_URL setzen.`);
  }
  if (result.demo) {
    const unchanged = await unchangedDemoLogins(database.db);
    if (unchanged.length > 0) {
      lines.push('Demo-Zugänge (solange die Passwörter nicht geändert wurden):');
      for (const login of unchanged) {
        lines.push(`  ${login.nn.padEnd(10)} ${login.password.padEnd(14)} ${login.role}`);
      }
    }
  }
  // Last, so request logs do not scroll it away.
  if (result.createdAdmin) {
    lines.push(
      result.generatedAdminPassword
        ? `Administrator angelegt: ${config.INITIAL_ADMIN_USER} / ${result.generatedAdminPassword}  (wird nur dieses eine Mal angezeigt)`
        : `Administrator angelegt: ${config.INITIAL_ADMIN_USER} (Passwort aus INITIAL_ADMIN_PASSWORD)`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof PortTakenError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
