import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allCalls } from '../../src/app';

/**
 * Every id in every field of every call is read with the contract's id schema (recordId/newOrRecordId):
 * a value beyond 2^31−1 is bad input on its field, never a database error. The schemas are walked to
 * the leaves — ids nested in objects and lists (a child's class, its parent account, an order's customer,
 * a payroll's employee) included; the HTTP fuzz test (no-server-errors) sends them at the top level.
 */
type Schema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

const ID_KEY = /^(id|ids)$|^ids?_|_id$|^id[A-Z]|Id$/;
const HUGE = 2 ** 31;

/** The id-named fields below a schema, by path (wrappers see through to objects, lists and unions). */
function idFields(schema: Schema, path: string, out: { path: string; field: Schema }[], depth = 0): void {
  if (depth > 16) return;
  const def = schema._zod.def;
  switch (def.type) {
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) {
        if (ID_KEY.test(key)) out.push({ path: `${path}.${key}`, field });
        idFields(field, `${path}.${key}`, out, depth + 1);
      }
      return;
    case 'array':
      idFields(def.element as Schema, `${path}[]`, out, depth + 1);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      idFields(def.innerType as Schema, path, out, depth + 1);
      return;
    case 'pipe':
      idFields(def.in as Schema, path, out, depth + 1);
      idFields(def.out as Schema, path, out, depth + 1);
      return;
    case 'union':
      for (const option of def.options as Schema[]) idFields(option, path, out, depth + 1);
      return;
  }
}

/** An id field takes a number or a list of numbers; either way 2^31 must not pass (text fields named …Id are text). */
function acceptsHugeId(field: Schema): boolean {
  if (field.safeParse('DE-123').success) return false;
  return field.safeParse(HUGE).success || field.safeParse([HUGE]).success || field.safeParse(String(HUGE)).success;
}

describe('ids beyond 2^31−1 in nested fields', () => {
  it('are refused by the schema of every action and request field of every call', () => {
    const accepted: string[] = [];
    let checked = 0;
    for (const call of allCalls()) {
      const spec = call.spec;
      if (!spec) continue;
      const fields: { path: string; field: Schema }[] = [];
      for (const type of spec.actions?.types ?? []) {
        const data = spec.actions?.actions[type]?.data;
        if (data) idFields(data as Schema, `${spec.path}${spec.func ?? ''}:${type}`, fields);
      }
      for (const [name, field] of Object.entries(spec.request.shape)) {
        const path = `${spec.path}${spec.func ?? ''}:${name}`;
        if (ID_KEY.test(name)) fields.push({ path, field: field as Schema });
        idFields(field as Schema, path, fields);
      }
      for (const { path, field } of fields) {
        checked += 1;
        if (acceptsHugeId(field)) accepted.push(path);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(accepted).toEqual([]);
  });
});
