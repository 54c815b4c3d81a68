import fc from 'fast-check';
import { platformCalls } from '@hortus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '../src/app';
import { startTestServer, type TestServer } from './helper';

/**
 * Whatever a signed-in administrator (every right) sends to any call of any module, the answer is a
 * reply with a status, never a server error: random and hostile field sets, JSON of the wrong shape,
 * the dataToSave types of all modules with random data, huge numbers, deep nesting.
 */
let server: TestServer;
let code: string;

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
  code = await server.login('admin', 'Admin#Passwort1');
});

afterAll(async () => {
  await server.close();
});

const saveTypes = [
  'load',
  'saveTermin',
  'delTermin',
  'saveSettings',
  'feedNeu',
  'feedWiderrufen',
  'editslot',
  'delslot',
  'editanw',
  'delanw',
  'settings',
  'uploadslot',
  'deleteSlotDatei',
  'saveMeldung',
  'delMeldung',
  'saveRueckmeldung',
  'settingsRueckmeldungenuebersicht',
  'popupGesehen',
];

const hostileValue = fc.oneof(
  fc.constantFrom('', '0', '-1', '1e309', '9999999999999999999999', 'NaN', 'null', '[]', '{}', '__proto__'),
  fc.constantFrom('<script>alert(1)</script>', "' or 1=1 --", '../../etc/passwd', '\u0000', 'ä'.repeat(5000)),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
);

const dataToSave = fc
  .record(
    {
      type: fc.constantFrom(...saveTypes),
      func: fc.constantFrom(...saveTypes),
      data: fc.jsonValue({ maxDepth: 4 }),
      id: fc.oneof(fc.integer(), fc.constant(2 ** 40), fc.string({ maxLength: 5 })),
    },
    { requiredKeys: [] },
  )
  .map((value) => JSON.stringify(value));

const fieldSet = fc.record(
  {
    dataToSave: fc.oneof(dataToSave, hostileValue),
    id: hostileValue,
    u: hostileValue,
    data: hostileValue,
    meldungId: hostileValue,
    query: hostileValue,
    type: hostileValue,
    file: hostileValue,
    nn: hostileValue,
  },
  { requiredKeys: [] },
);

/** Logging out would end the session the walk uses; login is covered by its own throttle tests. */
const skipped = new Set([platformCalls.logout.url, platformCalls.login.url]);

describe('no call answers 500', () => {
  const calls = allCalls().map((call) =>
    call.func ? `${call.path}?func=${call.func}` : call.queryKey ? `${call.path}?${call.queryKey}` : call.path,
  );

  it('walks every call of every module', () => {
    expect(calls.length).toBeGreaterThan(30);
    expect(calls).toContain('/_api/000/110/?getOrSaveSettings');
    expect(calls).toContain('/_api/100/150/?scannedQR-Code');
  });

  it('answers random and hostile input to every call with a status, never a server error', async () => {
    for (const url of calls.filter((entry) => !skipped.has(entry))) {
      await fc.assert(
        fc.asyncProperty(fieldSet, async (fields) => {
          const reply = await server.post(url, { ...fields, code });
          expect(reply.statusCode, `${url} ${JSON.stringify(fields)}`).toBeLessThan(500);
          expect(typeof reply.body.status === 'string' || reply.statusCode === 200, url).toBe(true);
        }),
        { numRuns: 40, seed: 2026 },
      );
    }
  }, 240_000);
});
