/**
 * The browser tests' `test`: each Playwright worker talks to its own server (playwright.config.ts starts one
 * per worker on e2ePort + n), so spec files run side by side without sharing the demo organisation's state.
 * Spec files import `test` and `expect` from here, never from '@playwright/test' (lint).
 */
import { test as base } from '@playwright/test';
import { workerBaseURL } from '../fixtures';

export { expect } from '@playwright/test';

export const test = base.extend({
  // Playwright's fixtures take their dependencies as a destructured first argument; baseURL needs none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(workerBaseURL(testInfo.parallelIndex));
  },
});
