// Tests of the module-graph lint rules (tools/eslint-slices.js) on the repository's own tree: each rule lets the
// allowed import through and fails the forbidden one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import slices from './eslint-slices.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const at = (file) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, sourceType: 'module' } });
const rules = slices.rules;

describe('slice-boundaries', () => {
  tester.run('slice-boundaries', rules['slice-boundaries'], {
    valid: [
      // 210 declares 200: children's public surface on the server, its contract entry anywhere.
      {
        filename: at('packages/server/src/modules/parent-reports/records.ts'),
        code: "import type { ChildAttendance } from '../children/public';",
      },
      {
        filename: at('packages/web/src/modules/parent-reports/components/report-form.tsx'),
        code: "import { defaultChildrenSettings } from '@hortus/contract/modules/children';",
      },
      // A module's own contract and files; the platform's barrel.
      {
        filename: at('packages/server/src/modules/members/access.ts'),
        code: "import { membersMessages } from '@hortus/contract/modules/members';\nimport { x } from './settings';\nimport { messages } from '@hortus/contract';",
      },
      // The app's wiring imports modules' entries.
      { filename: at('packages/server/src/server-modules.ts'), code: "import { a } from './modules/children';" },
    ],
    invalid: [
      // A forbidden import: another module's inside instead of its public surface.
      {
        filename: at('packages/server/src/modules/parent-reports/records.ts'),
        code: "import { canSeeChild } from '../children/access';",
        errors: [{ messageId: 'surface' }],
      },
      // An undeclared dependency, by relative import and by package specifier.
      {
        filename: at('packages/server/src/modules/hydrants/register.ts'),
        code: "import { childAttendance } from '../children/public';",
        errors: [{ messageId: 'undeclared' }],
      },
      {
        filename: at('packages/web/src/modules/hydrants/pages/search-page.tsx'),
        code: "import { childrenCalls } from '@hortus/contract/modules/children';",
        errors: [{ messageId: 'undeclared' }],
      },
      // 200 does not declare 210 (the dependency runs the other way).
      {
        filename: at('packages/web/src/modules/children/pages/list.tsx'),
        code: "import { parentReportsCalls } from '@hortus/contract/modules/parent-reports';",
        errors: [{ messageId: 'undeclared' }],
      },
      // The platform knows no module, by either spelling.
      {
        filename: at('packages/server/src/platform/settings/menu.ts'),
        code: "import { childAttendance } from '../../modules/children/public';",
        errors: [{ messageId: 'platform' }],
      },
      {
        filename: at('packages/server/src/platform/settings/menu.ts'),
        code: "import { childrenCalls } from '@hortus/contract/modules/children';",
        errors: [{ messageId: 'platform' }],
      },
    ],
  });
});

describe('no-cycles', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'slices-cycle-'));
  fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
  fs.writeFileSync(path.join(dir, 'b.ts'), "import { c } from './c';\nexport const b = c;\n");
  fs.writeFileSync(path.join(dir, 'c.ts'), "import { a } from './a';\nexport const c = a;\n");
  fs.writeFileSync(path.join(dir, 'd.ts'), "import type { A } from './e';\nexport type D = A;\n");
  fs.writeFileSync(path.join(dir, 'e.ts'), "import type { D } from './d';\nexport type A = D;\n");
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  tester.run('no-cycles', rules['no-cycles'], {
    valid: [
      // Type-only imports create no load-time edge.
      { filename: path.join(dir, 'd.ts'), code: "import type { A } from './e';\nexport type D = A;" },
      { filename: path.join(dir, 'e.ts'), code: "import { type D } from './d';\nexport type A = D;" },
      // The repository's server platform after the fix (app-settings ↔ org-data).
      {
        filename: at('packages/server/src/platform/settings/app-settings.ts'),
        code: fs.readFileSync(at('packages/server/src/platform/settings/app-settings.ts'), 'utf8'),
      },
    ],
    invalid: [
      {
        filename: path.join(dir, 'a.ts'),
        code: "import { b } from './b';\nexport const a = () => b;",
        errors: [{ messageId: 'cycle', data: { chain: 'a.ts → b.ts → c.ts → a.ts' } }],
      },
    ],
  });
});

describe('no-utc-day', () => {
  tester.run('no-utc-day', rules['no-utc-day'], {
    valid: [
      { code: 'const day = todayIsoDay();' },
      { code: 'const stamp = new Date().toISOString();' },
      { code: 'const time = new Date().toISOString().slice(11, 16);' },
    ],
    invalid: [
      { code: 'const today = new Date().toISOString().slice(0, 10);', errors: [{ messageId: 'utcDay' }] },
      { code: 'const day = date.toISOString().substring(0, 10);', errors: [{ messageId: 'utcDay' }] },
    ],
  });
});

describe('no-module-tables', () => {
  const platformFile = at('packages/server/src/platform/audit/demo-protokoll.ts');
  tester.run('no-module-tables', rules['no-module-tables'], {
    valid: [
      // The platform's own tables; a plain word that is also a module's table outside SQL (a demo group).
      { filename: platformFile, code: 'const rows = sql`select id, nn from users`;' },
      { filename: platformFile, code: 'const groups = { parents: 1, customers: 2 };' },
      // A module reads and names its own tables.
      {
        filename: at('packages/server/src/modules/payroll/demo-seed.ts'),
        code: "const rows = sql`select id from payroll_employees`;\nconst labels = { payroll_employees: 'Mitarbeiter' };",
      },
      // Only the server's platform: the web's is no concern of this rule.
      { filename: at('packages/web/src/platform/forms/x.ts'), code: "const key = 'children_classes';" },
    ],
    invalid: [
      // Raw SQL naming a module's table (what demo-protokoll.ts did before issue 41).
      {
        filename: platformFile,
        code: 'const kinder = sql`select id, vorname from children order by id limit 6`;',
        errors: [{ messageId: 'table', data: { table: 'children' } }],
      },
      {
        filename: platformFile,
        code: 'const rows = sql`select id from "payroll_employees" limit 1`;',
        errors: [{ messageId: 'table' }],
      },
      // A label map keyed by a module's tables (what protokoll.ts held before).
      {
        filename: at('packages/server/src/platform/audit/protokoll.ts'),
        code: "const labels = { users: 'Benutzer', payroll_employees: 'Mitarbeiter' };",
        errors: [{ messageId: 'table', data: { table: 'payroll_employees' } }],
      },
      { filename: platformFile, code: "const table = 'children_classes';", errors: [{ messageId: 'table' }] },
    ],
  });
});

describe('declared-dependencies', () => {
  tester.run('declared-dependencies', rules['declared-dependencies'], {
    valid: [
      // Declared by the server; node's own modules; the workspace root's tooling; the package itself.
      {
        filename: at('packages/server/src/x.ts'),
        code: "import { eq } from 'drizzle-orm';\nimport fs from 'node:fs';",
      },
      { filename: at('packages/server/src/x.ts'), code: "import path from 'path';" },
      { filename: at('packages/server/test/x.test.ts'), code: "import { it } from 'vitest';" },
      { filename: at('packages/web/src/x.ts'), code: "import { messages } from '@hortus/contract';" },
      // A type-only import may come from its @types package.
      { filename: at('packages/web/src/x.ts'), code: "import type { Feature } from 'leaflet';" },
    ],
    invalid: [
      // pdfkit is the server's: the web does not declare it (nor the workspace root).
      {
        filename: at('packages/web/src/x.ts'),
        code: "import PDFDocument from 'pdfkit';",
        errors: [
          {
            messageId: 'undeclared',
            data: { name: 'pdfkit', manifest: 'packages/web/package.json', workspace: '@hortus/web' },
          },
        ],
      },
      // Big.js was used by the server while only the contract declared it (issue 41).
      {
        filename: at('packages/contract/src/x.ts'),
        code: "export { default as x } from 'sharp';",
        errors: [{ messageId: 'undeclared' }],
      },
      {
        filename: at('e2e/tests/x.ts'),
        code: "const m = await import('exceljs');",
        errors: [{ messageId: 'undeclared' }],
      },
    ],
  });
});
