import { defineConfig } from '@playwright/test';
import { callUrl, loginRouteTargets } from '@hortus/contract/login-route';
import { baseURL } from './fixtures';

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'en-US', // German dates must not depend on the browser's language (issue 12)
    timezoneId: 'Europe/Berlin',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  webServer: {
    command: 'node --import tsx serve.ts',
    url: `${baseURL}${callUrl(loginRouteTargets.loginScreen)}`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
