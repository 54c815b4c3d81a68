import fc from 'fast-check';
import { callUrl, platformCalls, isRecordIdField } from '@hortus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '../../src/app';
import type { CallDefinition } from '../../src/platform/http/calls';
import { startTestServer, type TestServer } from '../support/helper';

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

/** The action types every spec'd call declares (and a few of no module, to stay hostile). */
const declaredActionTypes = [
  ...new Set(allCalls().flatMap((call) => (call.spec?.actions ? [...call.spec.actions.types] : []))),
];
const saveTypes = [...declaredActionTypes, 'load', 'unknownType', '__proto__', 'constructor'];
const MAX_INT = 2 ** 31 - 1;

/** JSON nested deeper than any form would send. */
const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const hostileValue = fc.oneof(
  fc.constantFrom('', '0', '-1', '1e309', '9999999999999999999999', 'NaN', 'null', '[]', '{}', '__proto__'),
  fc.constantFrom(String(MAX_INT + 1), String(2 ** 40), deepJson(2000), deepObject(2000), ' ', '{"type":""}'),
  fc.constantFrom('<script>alert(1)</script>', "' or 1=1 --", '../../etc/passwd', '\u0000', 'ä'.repeat(5000)),
  fc.string({ maxLength: 40 }),
  fc.integer().map(String),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
);

const hugeId = fc.constantFrom(MAX_INT + 1, 2 ** 40, String(MAX_INT + 1), '9'.repeat(30), -1, 1.5, '', null, 'x');

const dataToSave = fc
  .record(
    {
      type: fc.constantFrom(...saveTypes),
      data: fc.oneof(
        fc.jsonValue({ maxDepth: 4 }),
        fc.record({ id: hugeId }),
        fc.record({ id: hugeId, id_slot: hugeId, kategorie: hugeId }, { requiredKeys: [] }),
      ),
      id: fc.oneof(fc.integer(), fc.constant(2 ** 40), fc.string({ maxLength: 5 })),
    },
    { requiredKeys: [] },
  )
  .map((value) => JSON.stringify(value));

/** Field names to fill: a spec'd call's own request fields, else a generic set. */
function fieldNamesOf(call: CallDefinition): string[] {
  if (call.spec) return Object.keys(call.spec.request.shape).filter((name) => name !== 'code');
  return ['dataToSave', 'id', 'u', 'data', 'meldungId', 'query', 'type', 'file', 'nn'];
}

function fieldSetFor(call: CallDefinition) {
  const names = fieldNamesOf(call);
  const actionKey = call.spec?.actionKey;
  return fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        name === actionKey || name === 'dataToSave' || name === 'data'
          ? fc.oneof(dataToSave, hostileValue)
          : fc.oneof(
              hostileValue,
              hugeId.map((value) => String(value)),
            ),
      ]),
    ),
    { requiredKeys: [] },
  );
}

/** Logging out would end the session the walk uses; login is covered by its own throttle tests. */
const skipped = new Set([platformCalls.logout.url, platformCalls.login.url]);
const urlOf = (call: CallDefinition) => callUrl(call);

describe('no call answers 500', () => {
  const calls = allCalls().filter((call) => !skipped.has(urlOf(call)));

  it('walks every call of every module', () => {
    const urls = calls.map(urlOf);
    expect(urls.length).toBeGreaterThan(30);
    expect(urls).toContain('/_api/000/110/?getOrSaveSettings');
    expect(urls).toContain('/_api/100/150/?scannedQR-Code');
  });

  it('answers random and hostile input to every call with a status, never a server error', async () => {
    for (const call of calls) {
      const url = urlOf(call);
      await fc.assert(
        fc.asyncProperty(fieldSetFor(call), async (fields) => {
          const reply = await server.post(url, { ...fields, code });
          expect(reply.statusCode, `${url} ${JSON.stringify(fields).slice(0, 300)}`).toBeLessThan(500);
          expect(typeof reply.body.status === 'string' || reply.statusCode === 200, url).toBe(true);
        }),
        { numRuns: 40, seed: 2026 },
      );
    }
  }, 300_000);

  it('loads for a missing, empty, blank or {} action field on every getOrSave call', async () => {
    const loadCalls = calls.filter(
      (call) =>
        call.spec?.actionKey !== undefined && (call.queryKey === 'getOrSaveSettings' || call.func === 'getSettings'),
    );
    expect(loadCalls.length).toBeGreaterThan(0);
    for (const call of loadCalls) {
      const key = call.spec?.actionKey ?? '';
      for (const value of [undefined, '', '  ', '{}', 'null']) {
        const fields: Record<string, string> = value === undefined ? { code } : { code, [key]: value };
        const reply = await server.post(urlOf(call), fields);
        expect(reply.body.status, `${urlOf(call)} ${key}=${String(value)} ${reply.raw.slice(0, 300)}`).toBe('success');
      }
    }
  }, 120_000);

  it('answers ids beyond 2^31−1 in every action and id field as bad input', async () => {
    for (const call of calls.filter((entry) => entry.spec)) {
      const spec = call.spec;
      if (!spec) continue;
      const attempts: Record<string, string>[] = [];
      for (const type of spec.actions?.types ?? []) {
        const data = spec.actions?.actions[type]?.data;
        const shape = data && 'shape' in data ? (data.shape as Record<string, unknown>) : {};
        if (!isRecordIdField(shape['id'])) continue;
        for (const id of [MAX_INT + 1, 2 ** 40]) {
          attempts.push({ [spec.actionKey ?? 'dataToSave']: JSON.stringify({ type, data: { id } }) });
        }
      }
      for (const [name, field] of Object.entries(spec.request.shape)) {
        if (isRecordIdField(field)) attempts.push({ [name]: String(MAX_INT + 1) }, { [name]: String(2 ** 40) });
      }
      for (const fields of attempts) {
        const reply = await server.post(urlOf(call), { ...fields, code });
        expect(reply.statusCode, `${urlOf(call)} ${JSON.stringify(fields)} ${reply.raw.slice(0, 300)}`).toBeLessThan(
          500,
        );
        expect(reply.body.status, `${urlOf(call)} ${JSON.stringify(fields)}`).not.toBe('success');
      }
    }
  }, 120_000);

  it('refuses multipart bodies on every call that takes no uploads, before reading them', async () => {
    const boundary = '----hortus-robustness';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\n${code}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n`,
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4 ${'x'.repeat(2000)}\r\n--${boundary}--\r\n`,
    ].join('');
    const plainCalls = calls.filter((call) => call.upload === undefined);
    expect(plainCalls.length).toBeGreaterThan(30);
    for (const call of plainCalls) {
      const reply = await server.app.inject({
        method: 'POST',
        url: urlOf(call),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      expect(reply.statusCode, urlOf(call)).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode, urlOf(call)).toBeLessThan(500);
    }
  }, 60_000);
});
