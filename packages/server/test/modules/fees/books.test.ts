import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ibanCheckDigits } from '@hortus/contract';
import { childrenCalls } from '@hortus/contract/modules/children';
import {
  customerCalls,
  EUER_TAX_FREE_LABEL,
  revenueOverview,
  YOUTH_WELFARE_EXEMPTION,
  type CustomerData,
} from '@hortus/contract/modules/customers';
import { feesCalls, type FeesData, type FeesSave } from '@hortus/contract/modules/fees';
import { createGroup } from '../../../src/seed/factories';
import { invalidateChildBase } from '../../../src/modules/children/child-base';
import { invalidateClasses } from '../../../src/modules/children/classes';
import { readChildrenSettings } from '../../../src/modules/children/settings';
import { childClasses, children } from '../../../src/modules/children/schema';
import { bookExternalReceipts } from '../../../src/modules/customers/public';
import { datevBookings } from '../../../src/modules/customers/datev';
import { euerOf } from '../../../src/modules/customers/euer';
import { customerCosts, customerExternalReceipts } from '../../../src/modules/customers/schema';
import { readCustomerSettings } from '../../../src/modules/customers/settings';
import { FEES_BOOKS_SOURCE, FEES_INCOME_CENTRE } from '../../../src/modules/fees/books';
import { applyFeesRetention, feesRetentionJob } from '../../../src/modules/fees/holds';
import { feesMandates, feesRuns, feesStatements } from '../../../src/modules/fees/schema';
import { files } from '../../../src/platform/db/schema';
import { writeModuleSettings } from '../../../src/platform/settings/module-settings';
import { berlinNow } from '../../../src/platform/time/berlin-time';
import { fetchStored } from '../../support/download';
import { expectInvalid, expectStatus, startTestServer, type Reply, type TestServer } from '../../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const iban = (bban: string) => `DE${ibanCheckDigits('DE', bban)}${bban}`;
const MONTH = '2025-03';
const db = () => server.database.db;

function save(code: string, dataToSave: FeesSave): Promise<Reply> {
  return server.call(feesCalls.getOrSaveSettings, code, { dataToSave });
}
async function saved(code: string, dataToSave: FeesSave): Promise<FeesData> {
  const reply = await save(code, dataToSave);
  expectStatus(reply, 'success', 200);
  return reply.body.save as FeesData;
}
async function load(code: string): Promise<FeesData> {
  const reply = await server.call(feesCalls.getOrSaveSettings, code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as FeesData;
}
async function books(code: string): Promise<CustomerData> {
  const reply = await server.call(customerCalls.getSettings, code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as CustomerData;
}
const receipts = () => db().select().from(customerExternalReceipts).orderBy(customerExternalReceipts.id);

/**
 * Two families in one class: 'debit' pays by SEPA direct debit, 'transfer' by transfer. The fee office holds
 * module 220's right only (no right of 410); the bookkeeper 410's; staff of 200 may delete the families.
 */
async function world() {
  const group = await createGroup(db());
  const everyone = { alle: false, gruppen: [group] };
  const [klasse] = await db()
    .insert(childClasses)
    .values({ name: `Buch${group}`, conditions: { f200: { sehen: everyone, bearbeiten: everyone } } })
    .returning({ id: childClasses.id });
  await invalidateClasses(db());
  // The families are parent accounts of module 200 (members of its parent group), so staff may delete them.
  const parents = await createGroup(db(), { rechte: ['x|220|100'] });
  await writeModuleSettings(db(), '200', { ...(await readChildrenSettings(db())), id_nutzergruppe_eltern: parents });
  const debit = await server.userWithSession({ ident: 'Familie Lastschrift', groupIds: [parents] });
  const transfer = await server.userWithSession({ ident: 'Familie Überweisung', groupIds: [parents] });
  const office = await server.userWithSession({ rechteSolo: ['x|220|000', 'x|220|set'] });
  const bookkeeper = await server.userWithSession({ rechteSolo: ['x|410|000'] });
  const staff = await server.userWithSession({
    groupIds: [group],
    rechteSolo: ['x|200|000|000', 'x|200|000|010', 'x|200|100', 'x|220|100'],
  });
  const kid = (vorname: string, parentUserId: number) => ({
    vorname,
    nachname: `Buch${group}`,
    classId: klasse!.id,
    parentUserId,
    careFrom: '11:30',
    releaseTime: '15:00',
  });
  const [lea, tim] = await db()
    .insert(children)
    .values([kid('Lea', debit.id), kid('Tim', transfer.id)])
    .returning({ id: children.id });
  await invalidateChildBase(db());
  await saved(office.code, {
    type: 'settings',
    data: {
      glaeubigerId: 'DE98ZZZ09999999999',
      glaeubigerName: 'Hort Sonnenschein e. V.',
      glaeubigerIban: iban('120300000000202051'),
      glaeubigerBic: '',
      essenspreis: 350,
      bestellschluss: '08:00',
      faelligTag: 5,
      geschwisterRabatt: [0],
      ruecklastGebuehr: 450,
    },
  });
  const scopes = await saved(office.code, {
    type: 'umfang',
    data: { name: 'Hort', preise: [{ ab: '2020-01', betrag: 12_000 }], gueltigVon: '2020-01', gueltigBis: '' },
  });
  const hort = scopes.umfaenge[0]!.id;
  for (const child of [lea!.id, tim!.id]) {
    await saved(office.code, {
      type: 'kind',
      data: { id_kind: child, zuordnungen: [{ id_umfang: hort, von: '2020-01-01', bis: '' }] },
    });
  }
  await saved(office.code, {
    type: 'mandat',
    data: {
      id: 0,
      id_familie: debit.id,
      kontoinhaber: 'Lea Lastschrift',
      iban: iban('120300001020304050'),
      bic: '',
      referenz: '',
      unterschrieben: '2024-08-01',
    },
  });
  return { debit, transfer, office, bookkeeper, staff, lea: lea!.id, tim: tim!.id };
}

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

const statementOf = (data: FeesData, familyId: number) =>
  data.laeufe.find((run) => run.monat === MONTH)!.abrechnungen.find((s) => s.id_familie === familyId)!;

describe('220 → 410: a run’s receipts in the books', () => {
  it('books nothing while the month is open; closing books the debits once, as exempt Elternbeiträge', async () => {
    await saved(w.office.code, { type: 'lauf', data: { monat: MONTH } });
    await saved(w.office.code, { type: 'lauf', data: { monat: MONTH } });
    expect(await receipts()).toEqual([]);

    // The fee office holds no right of 410: the booking is 220's own call of 410's public surface.
    expectStatus(await server.call(customerCalls.getSettings, w.office.code), 'noRight', 403);
    const data = await saved(w.office.code, { type: 'lauf', data: { monat: MONTH, abschliessen: true } });
    const debited = statementOf(data, w.debit.id);
    expect(debited).toMatchObject({ betrag: 12_000, lastschrift: true, bezahlt: true });
    expect(statementOf(data, w.transfer.id)).toMatchObject({ betrag: 12_000, lastschrift: false, bezahlt: false });

    const booked = await receipts();
    expect(booked).toHaveLength(1);
    const settings = await readCustomerSettings(db());
    const centre = settings.einnahmestellen.find((c) => c.name === FEES_INCOME_CENTRE)!;
    expect(booked[0]).toMatchObject({
      source: FEES_BOOKS_SOURCE,
      month: MONTH,
      datum: debited.faellig,
      cents: 12_000,
      incomeCentreId: centre.id,
      vatCategory: 'E',
      exemptionReason: YOUTH_WELFARE_EXEMPTION.befreiungsgrund,
      exemptionCode: 'VATEX-EU-132-1H',
      text: 'Lastschrifteinzug Beiträge 03/2025 (1 FRST)',
    });
    expect(booked[0]!.exemptionReason).toContain('§ 4 Nr. 25 UStG');

    // A closed month is not run again, and booking the same lines again adds nothing.
    expectStatus(await save(w.office.code, { type: 'lauf', data: { monat: MONTH } }), 'validationError', 400);
    const again = await db().transaction((tx) =>
      bookExternalReceipts(tx, {
        source: FEES_BOOKS_SOURCE,
        month: MONTH,
        incomeCentre: FEES_INCOME_CENTRE,
        vat: { ...YOUTH_WELFARE_EXEMPTION },
        lines: [{ date: booked[0]!.datum, amountCents: 1, text: 'doppelt', reference: booked[0]!.reference }],
      }),
    );
    expect(again).toEqual({ booked: 0 });
    expect(await receipts()).toEqual(booked);
    // The income centre was added once.
    const centres = (await readCustomerSettings(db())).einnahmestellen.filter((c) => c.name === FEES_INCOME_CENTRE);
    expect(centres).toHaveLength(1);
  });

  it('a transfer marked paid is booked once; a returned debit is reversed and its bank fee is a cost', async () => {
    const data = await load(w.office.code);
    const transfer = statementOf(data, w.transfer.id);
    const debit = statementOf(data, w.debit.id);
    const today = berlinNow().day;
    await saved(w.office.code, { type: 'bezahlt', data: { id_abrechnung: transfer.id } });
    await saved(w.office.code, { type: 'bezahlt', data: { id_abrechnung: transfer.id } });
    expectStatus(await save(w.debit.code, { type: 'bezahlt', data: { id_abrechnung: transfer.id } }), 'noRight', 403);
    expectStatus(await save(w.office.code, { type: 'bezahlt', data: { id_abrechnung: 999_999 } }), 'notFound', 404);

    expectInvalid(
      await save(w.office.code, { type: 'ruecklastschrift', data: { id_abrechnung: debit.id, tag: '2999-01-01' } }),
      'dataToSave.data.tag',
    );
    const returnDay = debit.faellig < today ? debit.faellig : today;
    await saved(w.office.code, { type: 'ruecklastschrift', data: { id_abrechnung: debit.id, tag: returnDay } });

    const booked = await receipts();
    expect(booked.map((row) => [row.reference, row.cents, row.datum])).toEqual([
      [`LS ${MONTH} ${debit.faellig} FRST`, 12_000, debit.faellig],
      [`UE ${MONTH} F${w.transfer.id}`, 12_000, today],
      [`RL ${MONTH} F${w.debit.id}`, -12_000, returnDay],
    ]);
    const [fee] = await db().select().from(customerCosts);
    expect(fee).toMatchObject({ grossCents: 450, rate: '0', datum: returnDay, costCentre: 0 });
    expect(fee!.titel).toBe('Rücklastschriftgebühr Beitrag 03/2025');

    // The returned statement paid later by transfer: booked again, under a reference of its own.
    await saved(w.office.code, { type: 'bezahlt', data: { id_abrechnung: debit.id } });
    expect((await receipts()).at(-1)).toMatchObject({ reference: `UE ${MONTH} F${w.debit.id} nach RL`, cents: 12_000 });
  });

  it('the EÜR, DATEV and the revenue overview count them as tax-free receipts; parents and the office see no books', async () => {
    const year = Number((await receipts())[0]!.datum.slice(0, 4));
    const total = (await receipts())
      .filter((row) => row.datum.startsWith(`${year}-`))
      .reduce((sum, row) => sum + row.cents, 0);
    const { summary } = await euerOf(db(), year, []);
    expect(summary.receipts).toContainEqual({ label: EUER_TAX_FREE_LABEL, cents: total });
    expect(summary.receipts).toContainEqual({ label: 'Vereinnahmte Umsatzsteuer', cents: 0 });
    expect(summary.expenses.at(-1)).toMatchObject({ label: 'Summe Betriebsausgaben' });

    const settings = await readCustomerSettings(db());
    const bookings = await datevBookings(db(), year, settings);
    const fees = bookings.filter((booking) => booking.beleg.startsWith('EB'));
    expect(fees.length).toBe((await receipts()).filter((row) => row.datum.startsWith(`${year}-`)).length);
    for (const booking of fees) expect(booking).toMatchObject({ konto: '1200', gegenkonto: '8100' });
    expect(fees.find((booking) => booking.text.startsWith('Rücklastschrift'))).toMatchObject({
      cents: -12_000,
      sollHaben: 'H',
    });
    expect(bookings.find((booking) => booking.text.startsWith('Rücklastschriftgebühr'))).toMatchObject({
      cents: 450,
      konto: '4900',
      gegenkonto: '1200',
    });

    const data = await books(w.bookkeeper.code);
    expect(data.fremdeinnahmen.length).toBe((await receipts()).length);
    const overview = revenueOverview(
      data.auftraege,
      data.kosten,
      data.settings,
      { year, centres: null },
      data.fremdeinnahmen,
    );
    expect(overview.byIncomeCentre.find((row) => row.name === FEES_INCOME_CENTRE)?.umsatz).toBe(total);
    expect(overview.revenue).toEqual({ net: total, vat: 0, gross: total });

    // Parents and the fee office read no books; the settings right alone reads no receipt.
    expectStatus(await server.call(customerCalls.getSettings, w.debit.code), 'noRight', 403);
    expectStatus(await server.call(customerCalls.getSettings, w.office.code), 'noRight', 403);
    const settingsOnly = await server.userWithSession({ rechteSolo: ['x|410|set'] });
    expect((await books(settingsOnly.code)).fremdeinnahmen).toEqual([]);
  });
});

describe('220 retention holds (GoBD)', () => {
  it('an erased child leaves the family’s statements as they were', async () => {
    const statement = statementOf(await load(w.transfer.code), w.transfer.id);
    const reply = await server.call(childrenCalls.getSettings, w.staff.code, {
      dataToSave: { type: 'delKind', data: { id: w.tim } },
    });
    expectStatus(reply, 'success', 200);
    expect(statementOf(await load(w.transfer.code), w.transfer.id)).toEqual(statement);
    const pdf = await server.call(feesCalls.abrechnungPdf, w.transfer.code, { id: statement.id });
    expectStatus(pdf, 'success', 200);
  });

  it('an erased family’s statements and mandate are held: kept, shown to nobody, deleted when the period ends', async () => {
    const run = (await db().select().from(feesRuns).where(eq(feesRuns.month, MONTH)))[0]!;
    await saved(w.office.code, { type: 'lauf', data: { monat: '2025-04' } });
    const statement = statementOf(await load(w.office.code), w.debit.id);
    const reply = await server.call(childrenCalls.getSettings, w.staff.code, {
      dataToSave: { type: 'delEltern', data: { eltern: { id: w.debit.id } } },
    });
    expectStatus(reply, 'success', 200);

    // Kept in the database, with the run's pain.008 file …
    const held = await db().select().from(feesStatements).where(eq(feesStatements.familyId, w.debit.id));
    expect(held.length).toBeGreaterThan(0);
    for (const row of held) expect(row.blockedAt).not.toBeNull();
    expect(held.find((row) => row.id === statement.id)?.familyName).toBe('Familie Lastschrift');
    const [mandate] = await db().select().from(feesMandates).where(eq(feesMandates.familyId, w.debit.id));
    expect(mandate?.blockedAt).not.toBeNull();
    const xml = (await fetchStored(server.app, w.office.code, run.sepaFile)).toString('utf8');
    expect(xml).toContain('Lea Lastschrift');
    // … shown to nobody: not in the office's load, no PDF, no mandate, not paid or returned again.
    const office = await saved(w.office.code, { type: 'lauf', data: { monat: '2025-04' } });
    expect(office.laeufe.flatMap((r) => r.abrechnungen).some((s) => s.id_familie === w.debit.id)).toBe(false);
    expect(office.mandate.some((m) => m.id_familie === w.debit.id)).toBe(false);
    expectStatus(await server.call(feesCalls.abrechnungPdf, w.office.code, { id: statement.id }), 'notFound', 404);
    expectStatus(
      await save(w.office.code, { type: 'bezahlt', data: { id_abrechnung: statement.id } }),
      'notFound',
      404,
    );
    // The books keep what was booked (no personal data in their texts).
    const texts = (await receipts()).map((row) => row.text).join(' ');
    expect(texts).not.toMatch(/Familie|Lea/);

    // The retention job: nothing before the period ends (8 years after the year) …
    expect(await applyFeesRetention(server.context, Date.UTC(2033, 11, 31, 12))).toEqual({ laeufe: 0, mandate: 0 });
    // … then the year's runs with their statements and files, and the held mandate.
    const done = await applyFeesRetention(server.context, Date.UTC(2034, 0, 2, 12));
    expect(done).toEqual({ laeufe: 2, mandate: 1 });
    expect(await db().select().from(feesStatements).where(eq(feesStatements.familyId, w.debit.id))).toEqual([]);
    expect(await db().select().from(feesMandates).where(eq(feesMandates.familyId, w.debit.id))).toEqual([]);
    expect(await db().select().from(files).where(eq(files.path, run.sepaFile))).toEqual([]);
    expect(feesRetentionJob.datenschutz).toBe('Beitragsabrechnungen und Lastschriftdateien löschen');
  });
});
