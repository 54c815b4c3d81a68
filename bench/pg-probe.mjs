// Probe: RSS of PGlite alone with given postgresql.conf lines (node --expose-gc bench/pg-probe.mjs DIR 'k=v;k=v').
import { PGlite } from '@electric-sql/pglite';
const [dir, conf] = process.argv.slice(2);
const mb = (n) => Math.round(n / 1048576);
const pg = new PGlite(dir, conf ? { postgresqlconf: conf.split(';') } : {});
await pg.waitReady;
await pg.query('select 1');
global.gc?.();
const s = await pg.query(
  "select name, setting from pg_settings where name in ('shared_buffers','work_mem','wal_buffers','maintenance_work_mem','temp_buffers')",
);
const r = process.memoryUsage();
console.log(JSON.stringify(s.rows.map((x) => `${x.name}=${x.setting}`)), 'rss', mb(r.rss), 'external', mb(r.external));
await pg.close();
