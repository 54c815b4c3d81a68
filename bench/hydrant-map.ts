/**
 * Hydrant map with 20,000 hydrants (issue 17): how long the map takes from opening /310 until the first
 * markers are drawn, and the frame rate while the map is dragged, in headless Chromium (playwright-core).
 * Needs the built web app (`npm run build`). Writes bench/results/hydrant-map.md and prints it.
 *
 *   npm run bench:hydrants -w @hortus/bench
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../packages/server/src/app';
import { bootstrap } from '../packages/server/src/bootstrap';
import { openPglite } from '../packages/server/src/platform/db/database';
import { writeModuleSettings } from '../packages/server/src/platform/settings/module-settings';
import { hydrantStreets, hydrants } from '../packages/server/src/modules/hydrants/schema';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COUNT = Number(process.env.BENCH_HYDRANTS ?? 20_000);
const centre = { lat: 51.1065, lon: 13.66 };
const admin = { nn: 'admin', password: 'Admin#Bench-1' };

async function seed(dataDir: string) {
  const database = await openPglite(path.join(dataDir, 'pgdata'));
  await bootstrap(database, { adminUser: admin.nn, adminPassword: admin.password, seed: 'none' });
  const db = database.db;
  const side = Math.ceil(Math.sqrt(COUNT));
  const [street] = await db
    .insert(hydrantStreets)
    .values({ strasse: 'Benchstraße', plz: '01445', ort: 'Radebeul' })
    .returning({ id: hydrantStreets.id });
  const streetId = (street as { id: number }).id;
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    // A grid every ~90 m (about 12.7 km across for 20,000), some hydrants with (urgent) defects.
    lat: centre.lat + (Math.floor(i / side) - side / 2) * 0.0008,
    lon: centre.lon + ((i % side) - side / 2) * 0.0013,
    streetId,
    hausnummer: String(i + 1),
    nummer: String(100_000 + i),
    status: i % 3 === 0 ? ('1' as const) : ('2' as const),
    mangel: i % 17 === 0 ? ['03'] : i % 11 === 0 ? ['13'] : i % 7 === 0 ? ['01'] : [],
    lastUpdate: Date.now(),
  }));
  for (let i = 0; i < rows.length; i += 2000) await db.insert(hydrants).values(rows.slice(i, i + 2000));
  await writeModuleSettings(db, '310', {
    startpos_lat: centre.lat,
    startpos_lon: centre.lon,
    startpos_zoom: 16,
    pruefzyklusJahre: 4,
  });
  return database;
}

/** Frames per second while the mouse drags the map across its middle for about two seconds. */
async function dragFps(page: Page): Promise<number> {
  const box = await page.locator('.leaflet-container').boundingBox();
  if (!box) throw new Error('no map');
  await page.evaluate(`(() => {
    window.__frames = 0;
    window.__counting = true;
    const tick = () => {
      if (!window.__counting) return;
      window.__frames += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const start = Date.now();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 0; step < 4; step++) {
    await page.mouse.move(x - 250, y - 150, { steps: 30 });
    await page.mouse.move(x + 250, y + 150, { steps: 30 });
  }
  await page.mouse.up();
  const frames = (await page.evaluate('window.__counting = false, window.__frames')) as number;
  return frames / ((Date.now() - start) / 1000);
}

async function zoomTo(page: Page, zoom: number): Promise<number> {
  // The map's zoom buttons step by the zoom snap (0.5).
  for (let i = 0; i < Math.abs(zoom - 16) * 2; i++) {
    await page.getByRole('button', { name: zoom > 16 ? 'Zoom in' : 'Zoom out' }).click();
    await page.waitForTimeout(350);
  }
  return page.locator('.leaflet-marker-icon').count();
}

async function main(): Promise<void> {
  process.env.HYDRANT_TILE_URL = 'none';
  process.env.HYDRANT_GEOCODING_URL = 'none';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-bench-hydrants-'));
  const database = await seed(dataDir);
  const app = await buildApp({ database, dataDir, webDist: path.join(root, 'packages/web/dist') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/`);
    await page.getByLabel('Benutzername').fill(admin.nn);
    await page.getByLabel('Passwort').fill(admin.password);
    await page.getByLabel('Passwort').press('Enter');
    await page.waitForURL((url) => url.pathname !== '/');
    // Warm: the module chunk and Leaflet are loaded once, as on a second visit.
    await page.goto(`${baseUrl}/310`);
    await page.locator('.leaflet-marker-icon').first().waitFor();

    const runs: { load: number; index: number; draw: number; firstMarker: number }[] = [];
    for (let run = 0; run < 3; run++) {
      const replyDone = page.waitForResponse((response) => response.url().includes('func=getHydranten'));
      await page.goto(`${baseUrl}/310`);
      const reply = await replyDone;
      await page.locator('.leaflet-marker-icon').first().waitFor();
      const timing = reply.request().timing();
      // Plain script text: tsx would wrap named inner functions in a helper the page does not have.
      const marks = (await page.evaluate(`({
        index: performance.getEntriesByName('hydrant-index').at(-1)?.duration ?? NaN,
        draw: performance.getEntriesByName('hydrant-draw').at(-1)?.duration ?? NaN,
        firstMarker: performance.now(),
      })`)) as { index: number; draw: number; firstMarker: number };
      runs.push({ load: timing.responseEnd - timing.requestStart, ...marks });
    }
    const markersAt16 = await page.locator('.leaflet-marker-icon').count();
    const fps16 = await dragFps(page);
    const markersAt18 = await zoomTo(page, 18);
    const fps18 = await dragFps(page);
    // A status change in the popup at 20,000 hydrants: save, cache update, redraw with the new icon.
    const marker = page.locator('.hydrant-marker').first();
    const title = (await marker.getAttribute('title')) ?? '';
    await marker.click();
    const unchecked = page.getByRole('button', { name: 'ungeprüft', exact: true });
    const target = (await unchecked.getAttribute('aria-pressed')) === 'true' ? 'geprüft' : 'ungeprüft';
    const changeStart = Date.now();
    await page.getByRole('button', { name: target, exact: true }).click();
    await page
      .getByTitle(title, { exact: true })
      .and(page.locator(`[class*="hydrant-status${target === 'geprüft' ? '1' : '2'}"]`))
      .waitFor();
    const statusChange = Date.now() - changeStart;
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

    const report = [
      '# Hydrant map benchmark',
      '',
      `${new Date().toISOString()} · ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'}) · headless Chromium, 1280×800, no tiles`,
      '',
      `${COUNT.toLocaleString('en')} hydrants in a grid every ~90 m; the map draws only what is visible (supercluster, plain Leaflet markers).`,
      '',
      '| measure | value |',
      '| --- | --- |',
      `| getHydranten request → answer (median of 3 page loads) | ${median(runs.map((r) => r.load)).toFixed(0)} ms |`,
      `| supercluster index of all hydrants (median) | ${median(runs.map((r) => r.index)).toFixed(0)} ms |`,
      `| first draw of the visible markers (median) | ${median(runs.map((r) => r.draw)).toFixed(1)} ms |`,
      `| page load → first markers on screen (median) | ${median(runs.map((r) => r.firstMarker)).toFixed(0)} ms |`,
      `| markers in the DOM at zoom 16 (clusters) | ${markersAt16} |`,
      `| frames per second while dragging at zoom 16 | ${fps16.toFixed(1)} |`,
      `| markers in the DOM at zoom 18 (single hydrants) | ${markersAt18} |`,
      `| frames per second while dragging at zoom 18 | ${fps18.toFixed(1)} |`,
      `| status change in the popup → new icon on the map (with the save) | ${statusChange} ms |`,
      '',
      'For comparison (issue 17): one DOM marker per hydrant took 6 s to build and gave 0 fps while dragging.',
      '',
    ].join('\n');
    fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench/results/hydrant-map.md'), report);
    console.log(report);
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
