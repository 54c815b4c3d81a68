import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export interface LoginRouteReport {
  files: { file: string; gzipBytes: number; transferredBytes: number }[];
  gzipBytes: number;
  transferredBytes: number;
}

/**
 * Opens the login route in Chromium, waits until the network is idle, and sums every JavaScript file
 * the page loaded: its gzip size (the budget's unit) and what actually went over the wire.
 */
export async function measureLoginRoute(baseUrl: string, webDist: string): Promise<LoginRouteReport> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    const scripts: { file: string; transferredBytes: number }[] = [];
    page.on('requestfinished', async (request) => {
      const url = new URL(request.url());
      if (!url.pathname.endsWith('.js') || url.pathname === '/sw.js') return;
      const sizes = await request.sizes();
      scripts.push({
        file: url.pathname.slice(1),
        transferredBytes: sizes.responseBodySize + sizes.responseHeadersSize,
      });
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.getByLabel('Benutzername').waitFor();
    await page.waitForLoadState('networkidle');
    const files = scripts.map((script) => ({
      ...script,
      gzipBytes: gzipSync(fs.readFileSync(path.join(webDist, script.file)), { level: 9 }).length,
    }));
    return {
      files,
      gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
      transferredBytes: files.reduce((sum, file) => sum + file.transferredBytes, 0),
    };
  } finally {
    await browser.close();
  }
}
