/**
 * Lighthouse 12 in mobile emulation (its defaults: slow 4G, 4× CPU slowdown, simulated throttling) on the
 * pages people open most, against the built product with the demo organisation (as `npm start` serves
 * it), in Debian's Chromium. Figures, not a timed test: `npm run bench:lighthouse -w @hortus/bench`
 * writes bench/results/lighthouse.md; `npm run bench` runs it too.
 *
 * The login page is measured as a first visit (storage cleared). The other pages are measured logged in
 * as the demo office account: the browser keeps its storage (the session code lives there), as on a
 * staff tablet or a parent's phone that has used the app before.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits below a perfect accessibility score, by id. */
  accessibilityFailures: string[];
}

export interface LighthousePage {
  path: string;
  /** The user to log in as first; null measures a first visit without a session. */
  user: { nn: string; password: string } | null;
}

const office = { nn: 'leitung', password: 'Leitung#2026' };
/** The demo parent (two children in different classes); its group asks for a new password, /210 opens all the same. */
const parent = { nn: 'eltern', password: 'Eltern#2026' };

/**
 * The login page, dashboard and calendar (goal: performance ≥ 95), then the start page of each newer
 * module (goal ≥ 90): children list (and its phone check-in screen, goal ≥ 95), parent report (as the demo parent), hydrant map, orders, employees.
 * Pages of one user follow each other, so each user logs in once.
 */
export const lighthousePages: readonly LighthousePage[] = [
  { path: '/', user: null },
  { path: '/000', user: office },
  { path: '/110', user: office },
  { path: '/200', user: office },
  // The phone check-in screen (issue 47; goal ≥ 95 as the most frequent task of the day).
  { path: '/200-checkin', user: office },
  { path: '/310', user: office },
  { path: '/410', user: office },
  { path: '/420', user: office },
  { path: '/210', user: parent },
];

// LIGHTHOUSE_PORT moves the product (and Chromium's debugging port, +5061 from it) when another run
// on the machine holds the defaults.
const productPort = Number(process.env['LIGHTHOUSE_PORT'] ?? 4290);
const debuggingPort = productPort + 5061;

async function startProduct(port: number): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-lighthouse-'));
  const child = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      HYDRANT_TILE_URL: 'none',
      HYDRANT_GEOCODING_URL: 'none',
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('Server did not start within 120 s');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { child, dataDir };
}

async function logIn(context: BrowserContext, baseUrl: string, user: { nn: string; password: string }) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Benutzername').fill(user.nn);
  await page.getByLabel('Passwort').fill(user.password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

async function audit(url: string, keepStorage: boolean): Promise<LighthouseRow | null> {
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // A run whose trace Lighthouse could not read (NO_NAVSTART and the like) has no figures: measured again.
  if (lhr.runtimeError) return null;
  // LIGHTHOUSE_REPORTS=<folder> keeps each full report (JSON) for a closer look at the findings.
  const reports = process.env['LIGHTHOUSE_REPORTS'];
  if (reports) {
    fs.mkdirSync(reports, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
    fs.writeFileSync(path.join(reports, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    page: new URL(url).pathname,
    performance: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories['accessibility']?.score ?? 0) * 100),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    accessibilityFailures: (lhr.categories['accessibility']?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  };
}

/** A browser with a fresh profile (no session, no cached app data), reachable by Lighthouse on the debugging port. */
async function freshBrowser(): Promise<{ context: BrowserContext; profile: string }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hortus-lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      `--remote-debugging-port=${debuggingPort}`,
    ],
  });
  return { context, profile };
}

/**
 * Starts the built product, measures each page (best of `runs` by performance score) and stops it again.
 * Each user gets a browser of its own: a kept session would open the app instead of the login form.
 */
export async function measureLighthouse(pages = lighthousePages, runs = 2): Promise<LighthouseRow[]> {
  const port = productPort;
  const baseUrl = `http://127.0.0.1:${port}`;
  const product = await startProduct(port);
  let browser: { context: BrowserContext; profile: string } | null = null;
  const closeBrowser = async () => {
    if (!browser) return;
    await browser.context.close();
    fs.rmSync(browser.profile, { recursive: true, force: true });
    browser = null;
  };
  const rows: LighthouseRow[] = [];
  try {
    let loggedIn: string | null | undefined;
    for (const page of pages) {
      const user = page.user?.nn ?? null;
      if (!browser || loggedIn !== user) {
        await closeBrowser();
        browser = await freshBrowser();
        if (page.user) await logIn(browser.context, baseUrl, page.user);
        loggedIn = user;
      }
      const measured: LighthouseRow[] = [];
      // Up to two more tries for runs Lighthouse could not record.
      for (let tries = 0; measured.length < runs && tries < runs + 2; tries++) {
        const row = await audit(`${baseUrl}${page.path}`, page.user !== null);
        if (row) measured.push(row);
        else console.error(`lighthouse ${page.path}: run not recorded, measured again`);
      }
      if (measured.length === 0) throw new Error(`Lighthouse recorded no run of ${page.path}`);
      const best = measured.reduce((a, b) => (b.performance > a.performance ? b : a));
      rows.push(best);
      console.error(`lighthouse ${page.path}: ${JSON.stringify(best)}`);
    }
  } finally {
    await closeBrowser();
    product.child.kill('SIGTERM');
    await new Promise((resolve) => product.child.once('exit', resolve));
    fs.rmSync(product.dataDir, { recursive: true, force: true });
  }
  return rows;
}

export function lighthouseTable(rows: readonly LighthouseRow[]): string {
  return [
    '| page | performance | accessibility | LCP | TBT | CLS | accessibility findings |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.performance} | ${r.accessibility} | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${r.accessibilityFailures.join(', ')} |`,
    ),
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  if (!fs.existsSync(path.join(root, 'packages/server/dist/main.js'))) {
    console.error('packages/server/dist fehlt: zuerst `npm run build`.');
    process.exit(1);
  }
  // LIGHTHOUSE_PAGES=/000,/110 measures only these paths: the listed pages with their user, any other
  // path as the office account.
  const only = (process.env.LIGHTHOUSE_PAGES ?? '').split(',').filter(Boolean);
  const pages = only.length
    ? only.map((p) => lighthousePages.find((page) => page.path === p) ?? { path: p, user: office })
    : lighthousePages;
  const rows = await measureLighthouse(pages, Number(process.env.LIGHTHOUSE_RUNS ?? 2));
  const text = [
    `# Lighthouse ${new Date().toISOString()}`,
    '',
    `Lighthouse 12, mobile emulation (slow 4G, 4× CPU slowdown), Debian Chromium; best of ${process.env.LIGHTHOUSE_RUNS ?? 2} runs per page; load average at the start ${os.loadavg()[0]?.toFixed(1)}.`,
    '',
    lighthouseTable(rows),
    '',
  ].join('\n');
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/lighthouse.md'), text);
  console.log(text);
}
