import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callUrl, defineCallSpec, getOrSaveRequest } from './call-spec';
import { fieldErrors } from './schema';
import { MAX_RECORD_ID, defineActions, newOrRecordId, recordId } from './wire';

const actions = defineActions({
  editslot: { data: z.object({ id: newOrRecordId(), name: z.string().min(1, 'Bitte angeben.') }) },
  delslot: { data: z.object({ id: recordId() }), rights: ['x|150|000|adm'] },
});
const request = z.object(getOrSaveRequest(actions));

function errorsOf(value: unknown) {
  const result = request.safeParse({ dataToSave: value }, { reportInput: true });
  return result.success ? null : fieldErrors(result.error);
}

describe('action field', () => {
  it('loads for a missing, empty, blank, null or {} field', () => {
    for (const value of [undefined, '', '   ', 'null', '{}', '  {} ', null, {}]) {
      expect(request.parse({ dataToSave: value }).dataToSave, JSON.stringify(value)).toBeNull();
    }
  });

  it('parses a known action from JSON text or from a decoded value', () => {
    expect(request.parse({ dataToSave: '{"type":"delslot","data":{"id":"7"}}' }).dataToSave).toEqual({
      type: 'delslot',
      data: { id: 7 },
    });
    expect(request.parse({ dataToSave: { type: 'editslot', data: { id: '', name: 'A' } } }).dataToSave).toEqual({
      type: 'editslot',
      data: { id: 0, name: 'A' },
    });
  });

  it('answers German messages under the wire path for unknown types and bad data', () => {
    expect(errorsOf('{"type":"nope","data":{}}')).toEqual({ 'dataToSave.type': ['Unbekannte Aktion.'] });
    expect(errorsOf('{"data":{}}')).toEqual({ 'dataToSave.type': ['Unbekannte Aktion.'] });
    expect(errorsOf('{"type":"__proto__"}')).toEqual({ 'dataToSave.type': ['Unbekannte Aktion.'] });
    expect(errorsOf('{"type":"delslot","data":{}}')).toEqual({ 'dataToSave.data.id': ['Bitte angeben.'] });
    expect(errorsOf('{"type":"delslot"}')).toEqual({ 'dataToSave.data': ['Bitte angeben.'] });
    expect(errorsOf('{"type":"editslot","data":{"id":1}}')).toEqual({ 'dataToSave.data.name': ['Bitte angeben.'] });
    expect(errorsOf('{')).toEqual({ dataToSave: ['Ungültiges JSON.'] });
    expect(errorsOf('[1]')).toEqual({ dataToSave: ['Ungültige Aktion.'] });
    expect(errorsOf('5')).toEqual({ dataToSave: ['Ungültige Aktion.'] });
  });

  it('knows the rights of each action', () => {
    expect(actions.rightsOf('delslot')).toEqual(['x|150|000|adm']);
    expect(actions.rightsOf('editslot')).toBeUndefined();
    expect(actions.rightsOf('toString')).toBeUndefined();
  });
});

describe('record ids', () => {
  const existing = recordId();
  const maybeNew = newOrRecordId();

  it('coerces numeric strings and caps at 2^31−1', () => {
    expect(existing.parse('12')).toBe(12);
    expect(existing.parse(MAX_RECORD_ID)).toBe(MAX_RECORD_ID);
    for (const bad of [MAX_RECORD_ID + 1, 2 ** 40, '9999999999999999999999', 0, -1, 1.5, '1e3', 'abc', true, [], {}]) {
      expect(existing.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(existing.safeParse(undefined).error?.issues[0]?.message).toBe('Bitte angeben.');
    expect(existing.safeParse(2 ** 40).error?.issues[0]?.message).toBe('Ungültige Nummer.');
  });

  it('reads empty, missing, null and 0 as a new record', () => {
    for (const value of ['', undefined, null, 0, '0', ' ']) expect(maybeNew.parse(value)).toBe(0);
    expect(maybeNew.parse('5')).toBe(5);
    expect(maybeNew.safeParse(-5).success).toBe(false);
  });

  it('property: every integer is accepted exactly when it is a valid id', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger()), (value) => {
        expect(existing.safeParse(value).success).toBe(value >= 1 && value <= MAX_RECORD_ID);
        expect(existing.safeParse(String(value)).success).toBe(value >= 1 && value <= MAX_RECORD_ID);
      }),
    );
  });
});

describe('call specs', () => {
  it('adds the session code, finds the action field and builds the URL', () => {
    const spec = defineCallSpec({
      path: '/_api/100/150/',
      queryKey: 'getOrSaveSettings',
      request: getOrSaveRequest(actions),
      reply: z.object({ status: z.literal('success') }),
    });
    expect(spec.url).toBe('/_api/100/150/?getOrSaveSettings');
    expect(spec.actionKey).toBe('dataToSave');
    expect(spec.actions).toBe(actions);
    expect(spec.timeoutMs).toBe(10_000);
    expect(spec.request.parse({}).code).toBe('');
    expect(callUrl({ path: '/_api/login/', func: 'login' })).toBe('/_api/login/?func=login');
  });
});
