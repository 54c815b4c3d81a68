import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  childrenCalls,
  type ChildView,
  type ChildrenData,
  type ChildrenSave,
  type ClassConditions,
  type EditChildInput,
} from '@hortus/contract/modules/children';
import { createGroup } from '../../src/seed/factories';
import { queryRows } from '../../src/platform/db/raw';
import { expectStatus, type Reply, type TestServer } from './helper';

/**
 * The module-200 tests' calls and world (test/modules/children/*): getSettings loads and saves as a user, a
 * world of groups and two classes, children added through editKind. `serverOf` answers the file's server
 * (started in its beforeAll).
 */
export function childrenKit(serverOf: () => TestServer) {
  const { getSettings } = childrenCalls;
  const allRights = ['x|200|000|010', 'x|200|100', 'x|200|200', 'x|200|set', 'x|000|000'];

  function save(code: string, dataToSave: ChildrenSave | Record<string, unknown>): Promise<Reply> {
    return serverOf().call(getSettings, code, { dataToSave });
  }
  async function data(code: string): Promise<ChildrenData> {
    const reply = await serverOf().call(getSettings, code);
    expectStatus(reply, 'success', 200);
    return reply.body.save as ChildrenData;
  }
  async function saved(code: string, dataToSave: ChildrenSave | Record<string, unknown>): Promise<Reply> {
    const reply = await save(code, dataToSave);
    expectStatus(reply, 'success', 200);
    return reply;
  }
  function expectInvalid(reply: Reply, field: string): void {
    expectStatus(reply, 'validationError', 400);
    expect(Object.keys(reply.body.errors as object)).toContain(field);
  }
  const only = (...gruppen: number[]) => ({ alle: false, gruppen });
  const conditions = (see: number[], edit: number[]): ClassConditions => ({
    f200: { sehen: only(...see), bearbeiten: only(...edit) },
  });
  function childInput(klasse: number, extra: Partial<EditChildInput['kind']> = {}): EditChildInput {
    return {
      kind: {
        id: 0,
        vorname: 'Mia',
        nachname: 'Müller',
        id_klasse: klasse,
        betreuungsplatz: '11:30',
        standardentlasszeit: '15:00',
        ...extra,
      },
    };
  }

  /** Every text or JSON column (table.column) of the database that holds one of the words anywhere. */
  async function tracesOf(...words: string[]): Promise<string[]> {
    const db = serverOf().database.db;
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      db,
      sql`select table_name, column_name from information_schema.columns
          where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json')`,
    );
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      const matches = words.map((word) => sql`${sql.identifier(column_name)}::text ilike ${`%${word}%`}`);
      const hits = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.join(matches, sql` or `)}`,
      );
      if (Number(hits[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
    }
    return found;
  }

  /** Groups: editors edit class A and see B; viewers see A only; outsiders see nothing. */
  async function world() {
    const db = serverOf().database.db;
    const [gEdit, gView, gParents, gOther] = await Promise.all([
      createGroup(db),
      createGroup(db),
      createGroup(db),
      createGroup(db),
    ]);
    const admin = await serverOf().userWithSession({
      groupIds: [gEdit as number],
      rechteSolo: ['x|200|000|000', ...allRights],
    });
    const viewer = await serverOf().userWithSession({
      groupIds: [gView as number],
      rechteSolo: ['x|200|000|000', 'x|000|000'],
    });
    const outsider = await serverOf().userWithSession({
      rechteSolo: ['x|200|000|000', 'x|200|000|010', 'x|200|100', 'x|000|000'],
    });
    const bEditor = await serverOf().userWithSession({
      groupIds: [gOther as number],
      rechteSolo: ['x|200|000|000', 'x|200|000|010'],
    });
    const staffNoParents = await serverOf().userWithSession({
      groupIds: [gEdit as number],
      rechteSolo: ['x|200|000|000'],
    });
    await saved(admin.code, {
      type: 'klassen',
      data: {
        klassen: [
          { id: 0, name: `A${gEdit}`, bedingungen: conditions([gView as number], [gEdit as number]) },
          { id: 0, name: `B${gEdit}`, bedingungen: conditions([gEdit as number], [gOther as number]) },
        ],
      },
    });
    const klassen = (await data(admin.code)).klassen;
    const classA = klassen.find((k) => k.name === `A${gEdit}`)?.id as number;
    const classB = klassen.find((k) => k.name === `B${gEdit}`)?.id as number;
    return {
      bEditor,
      gEdit: gEdit as number,
      gView: gView as number,
      gParents: gParents as number,
      admin,
      viewer,
      outsider,
      staffNoParents,
      classA,
      classB,
    };
  }

  async function addChild(
    code: string,
    klasse: number,
    extra: Partial<EditChildInput['kind']> = {},
    more: Partial<EditChildInput> = {},
  ) {
    const before = new Set((await data(code)).kinder.map((k) => k.id));
    await saved(code, { type: 'editKind', data: { ...childInput(klasse, extra), ...more } });
    const child = (await data(code)).kinder.find((k) => !before.has(k.id));
    if (!child) throw new Error('child not created');
    return (await childOf(code, child.id)) as ChildView;
  }
  /** A child with its details, as the edit dialog loads it (getKind). */
  async function childOf(code: string, id: number): Promise<ChildView | undefined> {
    const reply = await serverOf().call(childrenCalls.getKind, code, { id });
    expectStatus(reply, 'success', 200);
    return reply.body.kind as ChildView;
  }

  return {
    allRights,
    save,
    data,
    saved,
    expectInvalid,
    only,
    conditions,
    childInput,
    tracesOf,
    world,
    addChild,
    childOf,
  };
}
