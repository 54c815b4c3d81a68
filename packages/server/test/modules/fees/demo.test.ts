import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerCalls, type CustomerData } from '@hortus/contract/modules/customers';
import { addMonths, feesCalls, type FeesData } from '@hortus/contract/modules/fees';
import { eq } from 'drizzle-orm';
import { userAdminCalls, userAdminMessages } from '@hortus/contract/modules/user-admin';
import { feesAccessPort } from '../../../src/modules/fees/privacy';
import { feesMandates, feesStatements } from '../../../src/modules/fees/schema';
import { berlinNow } from '../../../src/platform/time/berlin-time';
import { readZip } from '../../support/zip-reader';
import { fetchStored } from '../../support/download';
import { expectStatus, startTestServer, type TestServer } from '../../support/helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' });
}, 300_000);
afterAll(() => server.close());

async function load(code: string): Promise<FeesData> {
  const reply = await server.call(feesCalls.getOrSaveSettings, code);
  expectStatus(reply, 'success', 200);
  return reply.body.save as FeesData;
}

describe('220 demo', () => {
  it('has scopes, mandates, a menu with orders and two sick notes, and last month’s closed run with one return', async () => {
    const data = await load(await server.login('leitung', 'Leitung#2026'));
    expect(data.umfaenge).toHaveLength(3);
    expect(data.mandate.length).toBe(data.familien.length - 1);
    expect(data.speiseplan.length).toBeGreaterThanOrEqual(10);
    // The fees demo's two sick notes cancel their lunches; on some days of the week another module's demo report
    // (made before the cut-off) falls into the menu's window and cancels one more.
    expect(data.bestellungen.filter((order) => order.storniert).length).toBeGreaterThanOrEqual(2);
    const [run] = data.laeufe;
    expect(run).toMatchObject({ monat: addMonths(berlinNow().day.slice(0, 7), -1), abgeschlossen: true });
    expect(run!.abrechnungen.filter((statement) => statement.zurueckgegeben)).toHaveLength(1);
    const xml = (
      await fetchStored(server.app, await server.login('leitung', 'Leitung#2026'), run!.sepaDatei)
    ).toString();
    expect(xml).toContain('<SeqTp>FRST</SeqTp>');

    // The closed run is in 410's books: its debits collected, the return reversed.
    const bookReply = await server.call(customerCalls.getSettings, await server.login('leitung', 'Leitung#2026'));
    expectStatus(bookReply, 'success', 200);
    const books = bookReply.body.save as CustomerData;
    const centre = books.settings.einnahmestellen.find((c) => c.name === 'Elternbeiträge');
    const fees = books.fremdeinnahmen.filter((receipt) => receipt.monat === run!.monat);
    expect(fees.some((receipt) => receipt.text.startsWith('Lastschrifteinzug') && receipt.betrag > 0)).toBe(true);
    expect(fees.filter((receipt) => receipt.betrag < 0)).toHaveLength(1);
    for (const receipt of fees) expect(receipt).toMatchObject({ id_einnahmestelle: centre!.id, ustKategorie: 'E' });

    const parent = await load(await server.login('eltern', 'Eltern#2026'));
    expect(parent.familien).toHaveLength(1);
    expect(parent.laeufe[0]!.abrechnungen).toHaveLength(1);
    expect(parent.mandate[0]!.iban).toContain('••••');
  });
});

describe('220 in the Datenauskunft (Art. 15 DSGVO, issue 46)', () => {
  it('holds a family’s mandate and statements; the fee office may see them, a Datenschutz officer alone may not', async () => {
    const [statement] = await server.database.db
      .select({ familyId: feesStatements.familyId })
      .from(feesStatements)
      .innerJoin(feesMandates, eq(feesMandates.familyId, feesStatements.familyId))
      .limit(1);
    const familyId = statement!.familyId;
    const admin = await server.login('admin', 'Admin#Passwort1');
    const made = await server.call(userAdminCalls.datenauskunft, admin, { data: familyId });
    expectStatus(made, 'success', 200);
    const zip = readZip(await fetchStored(server.app, admin, String(made.body.file)));
    const part = JSON.parse(zip.get('beitraege.json')?.toString('utf8') ?? 'null') as {
      mandate: { iban: string; mandatsreferenz: string }[];
      abrechnungen: { monat: string; betragCents: number }[];
    };
    expect(part.mandate.length).toBeGreaterThan(0);
    expect(part.mandate[0]?.iban).toMatch(/^DE\d{20}$/);
    expect(part.abrechnungen.length).toBeGreaterThan(0);
    expect(part.abrechnungen[0]?.monat).toMatch(/^\d{4}-\d{2}$/);

    const officer = await server.userWithSession({ rechteSolo: ['x|005|040'] });
    const refused = await server.call(userAdminCalls.datenauskunft, officer.code, { data: familyId });
    expectStatus(refused, 'noRight', 403);
    expect(refused.body.message).toBe(userAdminMessages.datenauskunftWithheld);
    // 220's own rule: the fee office and the family itself see this part (the whole Datenauskunft also asks the
    // other modules, e.g. 200 for the children); anybody else only when 220 holds nothing about the person.
    const port = (id: number, rechte: string[]) =>
      feesAccessPort.personalData!(server.database.db, { id, gruppen: [], rechte }, familyId);
    expect(await port(officer.id, ['x|220|000'])).toBe(true);
    expect(await port(familyId, ['x|220|100'])).toBe(true);
    expect(await port(officer.id, ['x|005|040', 'x|220|100'])).toBe(false);
    expect(
      await feesAccessPort.personalData!(server.database.db, { id: officer.id, gruppen: [], rechte: [] }, officer.id),
    ).toBe(true);
  });
});
