import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feesCalls, feesMessages } from '@hortus/contract/modules/fees';
import { createGroup } from '../../../src/seed/factories';
import { childClasses, children } from '../../../src/modules/children/schema';
import { invalidateChildBase } from '../../../src/modules/children/child-base';
import { invalidateClasses } from '../../../src/modules/children/classes';
import { feesRuns, feesStatements } from '../../../src/modules/fees/schema';
import { fetchStored } from '../../support/download';
import { pageTexts } from '../../support/pdf-reader';
import { expectInvalid, expectStatus, startTestServer, type TestServer } from '../../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A family with two children and four months of statements: paid, returned, unpaid, and paid in the next year. */
async function family() {
  const db = server.database.db;
  const group = await createGroup(db);
  const everyone = { alle: false, gruppen: [group] };
  const [klasse] = await db
    .insert(childClasses)
    .values({ name: `Jahr${group}`, conditions: { f200: { sehen: everyone, bearbeiten: everyone } } })
    .returning({ id: childClasses.id });
  await invalidateClasses(db);
  const parent = await server.userWithSession({ ident: `Familie Jahr${group}`, rechteSolo: ['x|220|100'] });
  const other = await server.userWithSession({ rechteSolo: ['x|220|100'] });
  const office = await server.userWithSession({ rechteSolo: ['x|220|000'] });
  const nobody = await server.userWithSession({ rechteSolo: ['x|000|000'] });
  const kid = (vorname: string, parentUserId: number) => ({
    vorname,
    nachname: `Jahr${group}`,
    classId: klasse!.id,
    parentUserId,
    careFrom: '11:30',
    releaseTime: '15:00',
  });
  const [mia, ben] = await db
    .insert(children)
    .values([kid('Mia', parent.id), kid('Ben', parent.id), kid('Ole', other.id)])
    .returning({ id: children.id });
  await invalidateChildBase(db);
  const year = 2040 + (group % 40);
  const statement = async (month: string, paid: boolean, returned: boolean, care: number, meals: number) => {
    const [run] = await db.insert(feesRuns).values({ month, closed: true }).returning({ id: feesRuns.id });
    await db.insert(feesStatements).values({
      runId: run!.id,
      familyId: parent.id,
      amountCents: care + meals,
      lines: [],
      careByChild: { [mia!.id]: care, [ben!.id]: care / 2 },
      mealsByChild: { [mia!.id]: meals },
      payers: [],
      dueDay: `${month}-05`,
      paid,
      returned,
    });
  };
  await statement(`${year}-03`, true, false, 14_500, 7_000);
  await statement(`${year}-04`, true, true, 99_900, 0);
  await statement(`${year}-05`, false, false, 88_800, 0);
  await statement(`${year + 1}-01`, true, false, 77_700, 0);
  return { parent, other, office, nobody, year };
}

async function certificateText(code: string, familyId: number, jahr: number): Promise<string> {
  const reply = await server.call(feesCalls.jahresbescheinigungPdf, code, { id_familie: familyId, jahr });
  expectStatus(reply, 'success', 200);
  expect(reply.body.name).toBe(`Jahresbescheinigung-${jahr}.pdf`);
  return (await pageTexts(await fetchStored(server.app, code, String(reply.body.file)))).join('\n');
}

describe('220 yearly certificate (Kinderbetreuungskosten, § 10 Abs. 1 Nr. 5 EStG)', () => {
  it('sums the care fees of the year’s paid statements per child, meal money apart; returned and unpaid ones do not count', async () => {
    const w = await family();
    const text = await certificateText(w.parent.code, w.parent.id, w.year);
    expect(text).toContain(`Bescheinigung über Kinderbetreuungskosten ${w.year}`);
    expect(text).toMatch(/Mia Jahr\d+\s+145,00 €\s+70,00 €/);
    expect(text).toMatch(/Ben Jahr\d+\s+72,50 €\s+0,00 €/);
    expect(text).toMatch(/Summe\s+217,50 €\s+70,00 €/);
    expect(text).toContain(`März ${w.year}`);
    expect(text).not.toContain(`April ${w.year}`);
    expect(text).not.toContain('999,00');
    expect(text).toContain('nicht abziehbar');
    // The office issues it for any family.
    expect(await certificateText(w.office.code, w.parent.id, w.year + 1)).toMatch(/Mia Jahr\d+\s+777,00 €/);
  });

  it('is refused for another family, without the module right, and for a year that is none', async () => {
    const w = await family();
    const foreign = await server.call(feesCalls.jahresbescheinigungPdf, w.other.code, {
      id_familie: w.parent.id,
      jahr: w.year,
    });
    expectStatus(foreign, 'notFound', 404);
    expect(foreign.body.message).toBe(feesMessages.unknownFamily);
    expectStatus(
      await server.call(feesCalls.jahresbescheinigungPdf, w.nobody.code, { id_familie: w.parent.id, jahr: w.year }),
      'noRight',
      403,
    );
    expectInvalid(
      await server.call(feesCalls.jahresbescheinigungPdf, w.parent.code, { id_familie: w.parent.id, jahr: 1999 }),
      'jahr',
      feesMessages.year,
    );
    expectInvalid(
      await server.call(feesCalls.jahresbescheinigungPdf, w.parent.code, { id_familie: w.parent.id, jahr: 'zwanzig' }),
      'jahr',
    );
  });
});
