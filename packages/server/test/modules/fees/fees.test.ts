import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToDecimal, ibanCheckDigits } from '@hortus/contract';
import {
  addMonths,
  defaultFeesSettings,
  feesCalls,
  feesMessages,
  type FeesData,
  type FeesSave,
  type RunReply,
} from '@hortus/contract/modules/fees';
import { createGroup } from '../../../src/seed/factories';
import { invalidateChildBase } from '../../../src/modules/children/child-base';
import { invalidateClasses } from '../../../src/modules/children/classes';
import { childClasses, childExceptions, childHealthNotes, children } from '../../../src/modules/children/schema';
import { feesMealOrders } from '../../../src/modules/fees/schema';
import { addDays, berlinNow } from '../../../src/platform/time/berlin-time';
import { fetchStored } from '../../support/download';
import { expectInvalid, expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { getOrSaveSettings, abrechnungPdf, kuechenliste, kuechenlistePdf } = feesCalls;
const iban = (bban: string) => `DE${ibanCheckDigits('DE', bban)}${bban}`;
const goodIban = iban('120300000000202051');

function save(code: string, dataToSave: FeesSave | Record<string, unknown>): Promise<Reply> {
  return server.call(getOrSaveSettings, code, { dataToSave });
}
async function saved(code: string, dataToSave: FeesSave): Promise<{ save: FeesData; lauf?: RunReply }> {
  const reply = await save(code, dataToSave);
  expectStatus(reply, 'success', 200);
  return reply.body as unknown as { save: FeesData; lauf?: RunReply };
}
async function load(code: string): Promise<FeesData> {
  const reply = await server.call(getOrSaveSettings, code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as FeesData;
}

/** Two families (one with two children), the fee office, a settings holder, a parent without the fee right. */
async function world() {
  const db = server.database.db;
  const group = await createGroup(db);
  const everyone = { alle: false, gruppen: [group] };
  const [klasse] = await db
    .insert(childClasses)
    .values({ name: `Sonnen${group}`, conditions: { f200: { sehen: everyone, bearbeiten: everyone } } })
    .returning({ id: childClasses.id });
  await invalidateClasses(db);
  const parent = await server.userWithSession({ rechteSolo: ['x|220|100'] });
  const other = await server.userWithSession({ rechteSolo: ['x|220|100'] });
  const office = await server.userWithSession({ rechteSolo: ['x|220|000'] });
  const settingsHolder = await server.userWithSession({ rechteSolo: ['x|220|set'] });
  const nobody = await server.userWithSession({ rechteSolo: ['x|000|000'] });
  const kitchen = await server.userWithSession({ groupIds: [group], rechteSolo: ['x|220|000', 'x|200|000|000'] });
  const kid = (vorname: string, parentUserId: number) => ({
    vorname,
    nachname: `Test${group}`,
    classId: klasse?.id as number,
    parentUserId,
    careFrom: '11:30',
    releaseTime: '15:00',
  });
  const [mia, ben, ole] = await db
    .insert(children)
    .values([kid('Mia', parent.id), kid('Ben', parent.id), kid('Ole', other.id)])
    .returning({ id: children.id });
  await invalidateChildBase(db);
  await db.insert(childHealthNotes).values({ childId: mia!.id, allergies: 'Erdnüsse', notes: 'vegetarisch' });
  return { parent, other, office, settingsHolder, nobody, kitchen, mia: mia!.id, ben: ben!.id, ole: ole!.id };
}

let w: Awaited<ReturnType<typeof world>>;
const today = () => berlinNow().day;
const month = () => today().slice(0, 7);
/** Mia's lunch of tomorrow (Ben's was cancelled by his sick note in time) falls into this month or the next. */
const mealsThisMonth = () => (addDays(today(), 1).startsWith(month()) ? 350 : 0);

beforeAll(async () => {
  w = await world();
  await saved(w.settingsHolder.code, {
    type: 'settings',
    data: {
      glaeubigerId: 'DE98ZZZ09999999999',
      glaeubigerName: 'Hort Sonnenschein e. V.',
      glaeubigerIban: goodIban,
      glaeubigerBic: 'BYLADEM1001',
      essenspreis: 350,
      bestellschluss: '23:59',
      faelligTag: 5,
      geschwisterRabatt: [0, 50],
      ruecklastGebuehr: 300,
    },
  });
});

describe('220 rights and families', () => {
  it('refuses callers without a right of 220 and actions outside their right', async () => {
    expectStatus(await server.call(getOrSaveSettings, w.nobody.code), 'noRight', 403);
    expectStatus(
      await save(w.parent.code, {
        type: 'umfang',
        data: { name: 'X', preise: [{ ab: '2026-01', betrag: 1 }], gueltigVon: '2026-01', gueltigBis: '' },
      }),
      'noRight',
      403,
    );
    expectStatus(await save(w.office.code, { type: 'settings', data: defaultFeesSettings }), 'noRight', 403);
    expectStatus(await save(w.parent.code, { type: 'lauf', data: { monat: month() } }), 'noRight', 403);
  });

  it('the settings refuse a creditor id with wrong check digits', async () => {
    const reply = await save(w.settingsHolder.code, {
      type: 'settings',
      data: { ...(await load(w.office.code)).settings, glaeubigerId: 'DE97ZZZ09999999999' },
    });
    expectInvalid(reply, 'dataToSave.data.glaeubigerId');
  });

  it('a parent sees only their own family; the office every family', async () => {
    const mine = await load(w.parent.code);
    expect(mine.kinder.map((k) => k.id).sort()).toEqual([w.mia, w.ben].sort());
    expect(mine.familien.map((f) => f.id)).toEqual([w.parent.id]);
    const all = await load(w.office.code);
    expect(all.kinder.map((k) => k.id)).toEqual(expect.arrayContaining([w.mia, w.ben, w.ole]));
  });
});

describe('220 scopes, children and mandates', () => {
  let hort = 0;
  it('the office saves a scope and the children’s fees', async () => {
    const data = (
      await saved(w.office.code, {
        type: 'umfang',
        data: {
          name: 'Hort bis 17 Uhr',
          preise: [{ ab: '2020-01', betrag: 10_000 }],
          gueltigVon: '2020-01',
          gueltigBis: '',
        },
      })
    ).save;
    hort = data.umfaenge.find((u) => u.name === 'Hort bis 17 Uhr')!.id;
    for (const id of [w.mia, w.ben, w.ole]) {
      await saved(w.office.code, {
        type: 'kind',
        data: { id_kind: id, zuordnungen: [{ id_umfang: hort, von: '2020-01-01', bis: '' }] },
      });
    }
    const reply = await save(w.office.code, {
      type: 'kind',
      data: { id_kind: w.mia, zuordnungen: [{ id_umfang: 999_999, von: '2020-01-01', bis: '' }] },
    });
    expectInvalid(reply, 'dataToSave.data.zuordnungen.0.id_umfang', feesMessages.unknownScope);
    expectStatus(
      await save(w.office.code, {
        type: 'umfang',
        data: {
          id: hort,
          name: 'Hort',
          preise: [{ ab: '2020-01', betrag: 1 }],
          gueltigVon: '2020-01',
          gueltigBis: '',
          loeschen: true,
        },
      }),
      'validationError',
      400,
    );
  });

  it('a mandate needs a valid IBAN and a signature day; parents see it masked', async () => {
    const base = {
      id_familie: w.parent.id,
      kontoinhaber: 'Anna Test',
      bic: '',
      referenz: '',
      unterschrieben: '2026-01-10',
    };
    expectInvalid(
      await save(w.office.code, { type: 'mandat', data: { ...base, iban: 'DE03120300000000202051' } }),
      'dataToSave.data.iban',
    );
    expectInvalid(
      await save(w.office.code, { type: 'mandat', data: { ...base, iban: goodIban, unterschrieben: '' } }),
      'dataToSave.data.unterschrieben',
      feesMessages.signatureDay,
    );
    expectStatus(await save(w.parent.code, { type: 'mandat', data: { ...base, iban: goodIban } }), 'noRight', 403);
    expectStatus(
      await save(w.office.code, { type: 'mandat', data: { ...base, id_familie: w.nobody.id, iban: goodIban } }),
      'notFound',
      404,
    );
    const data = (await saved(w.office.code, { type: 'mandat', data: { ...base, iban: goodIban } })).save;
    const mandate = data.mandate.find((m) => m.id_familie === w.parent.id)!;
    expect(mandate).toMatchObject({ iban: goodIban, referenz: `BEITRAG-${w.parent.id}-1`, sequenz: 'FRST' });
    const own = await load(w.parent.code);
    expect(own.mandate).toEqual([expect.objectContaining({ iban: 'DE' + goodIban.slice(2, 4) + ' •••• 2051' })]);
    expect((await load(w.other.code)).mandate).toEqual([]);
  });
});

describe('220 meals', () => {
  const tomorrow = () => addDays(today(), 1);
  beforeAll(async () => {
    for (const tag of [addDays(today(), -1), today(), tomorrow()]) {
      await saved(w.office.code, {
        type: 'speiseplan',
        data: { tag, gerichte: [{ name: 'Nudeln mit Tomatensoße', allergene: ['A', 'L'] }] },
      });
    }
  });

  it('a parent orders for their own child until the cut-off, not for another family’s', async () => {
    const data = (
      await saved(w.parent.code, { type: 'mahlzeit', data: { id_kind: w.mia, tag: tomorrow(), bestellt: true } })
    ).save;
    expect(data.bestellungen).toContainEqual({ id_kind: w.mia, tag: tomorrow(), bestellt: true, storniert: false });
    expectStatus(
      await save(w.parent.code, { type: 'mahlzeit', data: { id_kind: w.ole, tag: tomorrow(), bestellt: true } }),
      'notFound',
      404,
    );
    expectInvalid(
      await save(w.parent.code, {
        type: 'mahlzeit',
        data: { id_kind: w.mia, tag: addDays(today(), -1), bestellt: true },
      }),
      'dataToSave.data.tag',
      feesMessages.orderClosed,
    );
    expectInvalid(
      await save(w.parent.code, {
        type: 'mahlzeit',
        data: { id_kind: w.mia, tag: addDays(today(), 5), bestellt: true },
      }),
      'dataToSave.data.tag',
      feesMessages.noMenu,
    );
    expectInvalid(
      await save(w.parent.code, { type: 'mahlzeit', data: { id_kind: w.mia, tag: '2026-02-30', bestellt: true } }),
      'dataToSave.data.tag',
    );
  });

  it('a sick note before the cut-off cancels the meal, one after it leaves it charged', async () => {
    const db = server.database.db;
    const day = tomorrow();
    await db.insert(feesMealOrders).values([
      { childId: w.ben, day, ordered: true },
      { childId: w.ole, day, ordered: true },
    ]);
    const at = (time: string) => new Date(`${day}T${time}:00+01:00`);
    // Cut-off 23:59 Berlin: Ben reported sick the evening before (in time), Ole on the day after the cut-off would be
    // late — written with a time after 23:59 the same day is impossible, so Ole's report is made the next day.
    await db.insert(childExceptions).values([
      {
        childId: w.ben,
        day,
        present: false,
        releaseTime: '',
        comment: 'Krank',
        byParent: true,
        createdBy: w.parent.id,
        createdAt: at('07:00'),
      },
      {
        childId: w.ole,
        day,
        present: false,
        releaseTime: '',
        comment: 'Krank',
        byParent: true,
        createdBy: w.other.id,
        createdAt: new Date(at('07:00').getTime() + 86_400_000),
      },
    ]);
    const data = await load(w.office.code);
    expect(data.bestellungen).toContainEqual({ id_kind: w.ben, tag: day, bestellt: true, storniert: true });
    expect(data.bestellungen).toContainEqual({ id_kind: w.ole, tag: day, bestellt: true, storniert: false });
    const list = await server.call(kuechenliste, w.office.code, { tag: day });
    expectStatus(list, 'success', 200);
    const names = (list.body.liste as { klassen: { kinder: { id: number }[] }[] }).klassen.flatMap((k) =>
      k.kinder.map((c) => c.id),
    );
    expect(names).toEqual(expect.arrayContaining([w.mia, w.ole]));
    expect(names).not.toContain(w.ben);
    expectStatus(await server.call(kuechenliste, w.parent.code, { tag: day }), 'noRight', 403);
    // Allergies only for whoever sees the child in module 200 (its class's conditions).
    const hints = async (code: string) =>
      (
        (await server.call(kuechenliste, code, { tag: day })).body.liste as {
          klassen: { kinder: { id: number; hinweise: string }[] }[];
        }
      ).klassen
        .flatMap((k) => k.kinder)
        .find((c) => c.id === w.mia)?.hinweise;
    expect(await hints(w.kitchen.code)).toBe('Allergien: Erdnüsse; vegetarisch');
    expect(await hints(w.office.code)).toBe('');
    const pdf = await server.call(kuechenlistePdf, w.office.code, { tag: day });
    expectStatus(pdf, 'success', 200);
    expect((await fetchStored(server.app, w.office.code, String(pdf.body.file))).subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
  });
});

describe('220 monthly run', () => {
  it('bills each family once however often it runs; the parent finds the statement, the file is the office’s', async () => {
    const first = (await saved(w.office.code, { type: 'lauf', data: { monat: month() } })).lauf!;
    const again = (await saved(w.office.code, { type: 'lauf', data: { monat: month() } })).lauf!;
    expect(again.abrechnungen).toEqual(first.abrechnungen);
    const mine = first.abrechnungen.find((a) => a.id_familie === w.parent.id)!;
    // Mia and Ben 100 € each, the second child half; one lunch (Mia's) at 3.50 € unless Ben's was cancelled.
    expect(mine.betrag).toBe(10_000 + 5_000 + mealsThisMonth());
    expect(first.sepaDatei).toMatch(/pain008/);
    const xml = (await fetchStored(server.app, w.office.code, first.sepaDatei)).toString('utf8');
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
    expect(xml).toContain('<SeqTp>FRST</SeqTp>');
    expect(xml).toContain(`<InstdAmt Ccy="EUR">${centsToDecimal(mine.betrag)}</InstdAmt>`);
    const denied = await server.app.inject({
      method: 'POST',
      url: '/_api/data/download.php',
      payload: { code: w.parent.code, file: first.sepaDatei },
    });
    expect(denied.statusCode).not.toBe(200);

    const own = await load(w.parent.code);
    const statement = own.laeufe[0]!.abrechnungen;
    expect(statement).toHaveLength(1);
    expect(own.laeufe[0]!.sepaDatei).toBe('');
    const pdf = await server.call(abrechnungPdf, w.parent.code, { id: statement[0]!.id });
    expectStatus(pdf, 'success', 200);
    expect((await fetchStored(server.app, w.parent.code, String(pdf.body.file))).subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
    const theirs = (await load(w.office.code)).laeufe[0]!.abrechnungen.find((a) => a.id_familie === w.other.id)!;
    expectStatus(await server.call(abrechnungPdf, w.parent.code, { id: theirs.id }), 'notFound', 404);
  });

  it('a closed month stays as it is; a returned debit and its fee show on the next statement', async () => {
    await saved(w.office.code, { type: 'lauf', data: { monat: month(), abschliessen: true } });
    expectInvalid(
      await save(w.office.code, { type: 'lauf', data: { monat: month() } }),
      'dataToSave.data.monat',
      feesMessages.monthClosed,
    );
    const data = await load(w.office.code);
    expect(data.mandate.find((m) => m.id_familie === w.parent.id)!.sequenz).toBe('RCUR');
    const mine = data.laeufe[0]!.abrechnungen.find((a) => a.id_familie === w.parent.id)!;
    expect(mine).toMatchObject({ bezahlt: true, lastschrift: true });
    const unpaid = data.laeufe[0]!.abrechnungen.find((a) => a.id_familie === w.other.id)!;
    expectInvalid(
      await save(w.office.code, { type: 'ruecklastschrift', data: { id_abrechnung: unpaid.id, tag: today() } }),
      'dataToSave.data.id_abrechnung',
      feesMessages.notCollected,
    );
    await saved(w.office.code, { type: 'ruecklastschrift', data: { id_abrechnung: mine.id, tag: today() } });
    const next = (await saved(w.office.code, { type: 'lauf', data: { monat: addMonths(month(), 1) } })).lauf!;
    const carried = next.abrechnungen.find((a) => a.id_familie === w.parent.id)!;
    expect(carried.betrag).toBe(10_000 + 5_000 + (350 - mealsThisMonth()) + mine.betrag + 300);
    const xml = (await fetchStored(server.app, w.office.code, next.sepaDatei)).toString('utf8');
    expect(xml).toContain('<SeqTp>RCUR</SeqTp>');
  });
});
