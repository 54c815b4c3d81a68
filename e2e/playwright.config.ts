import { defineConfig } from '@playwright/test';
import { callUrl, loginRouteTargets } from '@hortus/contract/login-route';
import { e2eWorkers, workerBaseURL, workerPort } from './fixtures';

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // Spec files are spread over the workers; the tests of one file run in order in one worker.
  fullyParallel: false,
  workers: e2eWorkers,
  retries: 0,
  reporter: [['list']],
  use: {
    locale: 'en-US', // German dates must not depend on the browser's language (issue 12)
    timezoneId: 'Europe/Berlin',
    screenshot: 'only-on-failure',
    // A failed test keeps its trace (DOM snapshots of every step, network, console). Without the screencast:
    // its frames were captured and encoded for every test, passing ones included, and kept Chromium's browser and
    // GPU processes as busy as the page itself on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The app follows the system's reduced-motion setting (theme `motion`): dialogs, ripples and spinners do not
    // animate, so nothing is painted for frames no test looks at.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  // One server per worker (tests/test.ts points each worker's baseURL at its own), each on a fresh copy of
  // the demo organisation.
  webServer: Array.from({ length: e2eWorkers }, (_, index) => ({
    command: 'node --import tsx serve.ts',
    url: `${workerBaseURL(index)}${callUrl(loginRouteTargets.loginScreen)}`,
    env: { E2E_PORT: String(workerPort(index)) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
