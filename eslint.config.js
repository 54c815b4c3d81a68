// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import slices from './tools/eslint-slices.js';

const dialogMessage =
  'Module screens use the platform dialogs: FormDialog (forms) or DialogShell (lists, previews) from platform/forms.';
const parseMessage =
  'Module screens check forms with useSchemaForm/useSettingsForm on the contract schema; parse stored or loose data in logic/ or api/.';

/**
 * Module screens not yet moved onto the platform form layer (issue 31). All are migrated (the payroll
 * dialog was the last); the list stays as the place the rule's exceptions would have to be named, and it
 * takes no new entries.
 * @type {string[]}
 */
const legacyModuleScreens = [];

/**
 * Platform files that still read a module's contract (the dashboard's widget type) — issue 41 moves them into the platform or behind extension points; the list
 * takes no new entries.
 * @type {Record<string, string[]>}
 */
const platformModuleContracts = {
  'packages/web/src/platform/module-page/web-module.ts': ['dashboard'],
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/**', 'e2e/artifacts/**', 'test-results/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { slices },
    rules: {
      'slices/slice-boundaries': ['error', { platformExceptions: platformModuleContracts }],
      'slices/no-account-writes': 'error',
      'slices/no-cycles': 'error',
      'slices/no-utc-day': 'error',
      'slices/no-module-tables': 'error',
      'slices/declared-dependencies': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Issue 31: module screens build dialogs from the platform (FormDialog, DialogShell) and check forms by
    // useSchemaForm / useSettingsForm on the contract's schema, never by parsing on their own. Data read
    // from storage or a loose reply is parsed in the module's logic/ or api/ (.ts), not in a screen.
    files: ['packages/web/src/modules/**/*.tsx'],
    ignores: ['**/*.test.tsx', ...legacyModuleScreens],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@mui/material/Dialog', message: dialogMessage },
            { name: '@mui/material', importNames: ['Dialog'], message: dialogMessage },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(safeParse|parse|safeParseAsync|parseAsync)$/]:not([callee.object.name=/^(JSON|Date|Number)$/])',
          message: parseMessage,
        },
        { selector: "CallExpression[callee.name='safeParseReporting']", message: parseMessage },
      ],
    },
  },
  {
    // A test may build its expected days in UTC on purpose; production code names UTC days by utcIsoDay.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'slices/no-utc-day': 'off' },
  },
  {
    // Each browser-test worker has its own server: spec files take `test` (with the worker's baseURL) from
    // e2e/tests/test.ts. Playwright's own `test` would send every worker to the first server.
    files: ['e2e/tests/**/*.ts'],
    ignores: ['e2e/tests/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "Browser tests import test and expect from './test' (one server per worker).",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'scripts/**',
      'bench/**',
      'e2e/**',
      'tools/**',
      'packages/server/src/cli/**',
      'packages/server/src/main.ts',
      '**/*.mjs',
    ],
    rules: { 'no-console': 'off' },
  },
);
