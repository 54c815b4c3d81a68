import { utcIsoDay } from '@hortus/contract';
import { eq } from 'drizzle-orm';
import {
  addDays,
  DATEV_DEFAULTS,
  defaultContractEnd,
  type ContactInput,
  type AddressInput,
  customerInput,
  orderInput,
  NO_VAT_CHOICE,
  YOUTH_WELFARE_EXEMPTION,
} from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { users } from '../../platform/db/schema';
import type { DemoContext } from '../../platform/modules/server-module';
import { saveCustomer } from './customers';
import { saveOrder } from './orders';
import { seedDemoCosts } from './demo-costs';
import { firstOfNextMonth, morningOf, type DemoFollowUp } from './demo-documents';
import { customerScheduledDocuments } from './schema';
import { defaultCustomerSettings, saveCustomerSettings } from './settings';

const iso = (date: Date) => utcIsoDay(date);

function contact(anrede: 'Herr' | 'Frau', vorname: string, nachname: string, mail: string): ContactInput {
  return {
    id: 0,
    anrede,
    vorname,
    nachname,
    mail,
    telefon_festnetz: '',
    telefon_mobil: '',
    bezeichnung: '',
    info: '',
    sort: 0,
  };
}
function address(firma: string, strasse: string, hausnummer: string, plz: string, ort: string): AddressInput {
  return {
    id: 0,
    bezeichnung: 'Rechnungsanschrift',
    firma,
    suffix: '',
    strasse,
    hausnummer,
    plz,
    ort,
    info: '',
    sort: 0,
  };
}

/**
 * Demo of module 410: the after-care centre also sells holiday care, lunches and room rental. Four
 * customers (Peter Schäfer is the demo login 'kunde'), orders with service lines and admin notes, two
 * contracts (one within its notice period), an offer and invoices: the invoices and the offer are
 * planned for the document job, which creates them (with their e-invoice XML) within a minute of start.
 */
export async function seedCustomersDemo(db: Db, demo: DemoContext): Promise<void> {
  await saveCustomerSettings(db, {
    ...defaultCustomerSettings,
    id_nutzergruppe_kunde: demo.groups.customers,
    rechnungen_planenCronjobsMoeglich: true,
    leistungstypen: [
      // After-care by the non-profit provider is exempt (§ 4 Nr. 25 UStG): category E with its reason.
      { id: 1, name: 'Betreuung', mwst: '0', ...YOUTH_WELFARE_EXEMPTION },
      { id: 2, name: 'Verpflegung', mwst: '7', ...NO_VAT_CHOICE },
      { id: 3, name: 'Vermietung', mwst: '19', ...NO_VAT_CHOICE },
    ],
    einnahmestellen: [
      // SKR03 per rate: 0 % steuerfreie Umsätze 8100, 7 % 8300, 19 % 8400 (automatic accounts).
      { id: 1, name: 'Ferienbetreuung', konto: '', konto0: '8100' },
      { id: 2, name: 'Verpflegung', konto: '', konto7: '8300' },
      { id: 3, name: 'Raumvermietung', konto: '8400' },
    ],
    kostenstellen: [
      { nummer: 1, name: 'Material', konto: '4980' },
      { nummer: 2, name: 'Lebensmittel', konto: '3000' },
      { nummer: 3, name: 'Reinigung', konto: '4250' },
    ],
    // The tax adviser's numbers the DATEV header needs (1001–9999999 and 1–99999).
    datev: { ...DATEV_DEFAULTS, beraternummer: '29098', mandantennummer: '10417' },
    unterschriften: [{ id: 1, name: 'Leitung', text: 'Sabine Krüger\nLeitung Hort Sonnenschein' }],
    // Address, phone and e-mail stay empty: the invoices take the facility's (app settings, issue 47).
    firma: {
      ...defaultCustomerSettings.firma,
      name: 'Hort Sonnenschein gGmbH',
      steuernummer: '203/123/45678',
      ustId: 'DE123456789',
      bank: 'Ostsächsische Sparkasse Dresden',
      iban: 'DE02 1203 0000 0000 2020 51',
      bic: 'BYLADEM1001',
      kleinunternehmer: false,
      zahlungszielTage: 14,
    },
  });
  const [kunde] = await db.select({ id: users.id }).from(users).where(eq(users.nn, 'kunde')).limit(1);
  const customer = (input: Parameters<typeof customerInput.parse>[0]) =>
    saveCustomer(db, customerInput.parse(input), demo.groups.customers, { id: 0, gruppen: [], rechte: [] }); // no login values sent
  const order = async (input: Parameters<typeof orderInput.parse>[0]) =>
    (await saveOrder(db, orderInput.parse(input))).id;

  const schaefer = await customer({
    id: 0,
    firma: '',
    id_login: kunde?.id ?? 0,
    ansprechpartner: [contact('Herr', 'Peter', 'Schäfer', 'kunde@hort-sonnenschein.example')],
    anschriften: [address('Peter Schäfer', 'Birkenstraße', '4', '01099', 'Dresden')],
  });
  const verein = await customer({
    id: 0,
    firma: 'TSV Lindenweg e. V.',
    ansprechpartner: [contact('Frau', 'Maria', 'Becker', 'vorstand@tsv-lindenweg.example')],
    anschriften: [address('TSV Lindenweg e. V.', 'Sportplatzweg', '1', '01099', 'Dresden')],
  });
  const stadt = await customer({
    id: 0,
    firma: 'Landeshauptstadt Dresden',
    leitwegId: '14612000-12345-86',
    ansprechpartner: [contact('Herr', 'Thomas', 'Vogel', 'schulverwaltung@dresden.example')],
    anschriften: [address('Landeshauptstadt Dresden', 'Dr.-Külz-Ring', '19', '01067', 'Dresden')],
  });
  const musikschule = await customer({
    id: 0,
    firma: 'Musikschule Klangfarbe',
    ansprechpartner: [contact('Frau', 'Lena', 'Hoffmann', 'info@klangfarbe.example')],
    anschriften: [address('Musikschule Klangfarbe', 'Am Markt', '7', '01097', 'Dresden')],
  });

  const today = iso(demo.now);
  const ferien = await order({
    id: 0,
    id_kunde: schaefer,
    typ: 'Auftrag',
    titel: 'Ferienbetreuung Sommer',
    beschreibung: 'Betreuung von Emma in der ersten Sommerferienwoche inklusive Mittagessen.',
    adminInfo: 'Rabatt wegen Geschwisterkind mit der Leitung abgesprochen.',
    status: 5,
    leistungen: [
      { titel: 'Ferienbetreuung', anzahl: '5', wert: '25,00', mwst: '0', id_leistungstyp: 1, id_einnahmestelle: 1 },
      {
        titel: 'Mittagessen',
        anzahl: '5',
        wert: '3,74',
        mwst: '7',
        id_leistungstyp: 2,
        id_einnahmestelle: 2,
        kosten: '12,50',
      },
    ],
  });
  await order({
    id: 0,
    id_kunde: schaefer,
    typ: 'Auftrag',
    titel: 'Herbstferien',
    beschreibung: 'Anmeldung für die Herbstferien.',
    adminInfo: 'Noch keine Zusage, Platzvergabe im September.',
    status: 1,
    leistungen: [
      { titel: 'Ferienbetreuung', anzahl: '3', wert: '25,00', mwst: '0', id_leistungstyp: 1, id_einnahmestelle: 1 },
    ],
  });
  const halle = await order({
    id: 0,
    id_kunde: verein,
    typ: 'Vertrag',
    titel: 'Hallennutzung dienstags',
    beschreibung: 'Nutzung des Bewegungsraums dienstags 18–20 Uhr.',
    adminInfo: 'Schlüssel Nr. 4 ausgegeben.',
    status: 4,
    vertrag_nummer: 'V-2025-01',
    vertrag_beginn: addDays(today, -330),
    vertrag_ende: defaultContractEnd(addDays(today, -330)),
    vertrag_zahlungJaehrlich: 0,
    leistungen: [
      {
        titel: 'Raummiete Bewegungsraum',
        anzahl: '4',
        wert: '30,00',
        mwst: '19',
        id_leistungstyp: 3,
        id_einnahmestelle: 3,
        kosten: '20,00',
      },
    ],
  });
  const ganztag = await order({
    id: 0,
    id_kunde: stadt,
    typ: 'Vertrag',
    titel: 'Ganztagsangebot Schulhort',
    beschreibung: 'Nachmittagsangebot für die Grundschule am Lindenweg.',
    adminInfo: 'Abrechnung über Leitweg-ID als XRechnung.',
    status: 4,
    vertrag_nummer: 'V-2026-02',
    vertrag_beginn: addDays(today, -30),
    vertrag_ende: defaultContractEnd(addDays(today, -30)),
    vertrag_zahlungJaehrlich: 2,
    leistungen: [
      { titel: 'Ganztagsangebot', anzahl: '1', wert: '4.500,00', mwst: '0', id_leistungstyp: 1, id_einnahmestelle: 1 },
    ],
  });
  const angebot = await order({
    id: 0,
    id_kunde: verein,
    typ: 'Auftrag',
    titel: 'Sommerfest Catering',
    beschreibung: 'Kuchenbuffet und Getränke für das Vereinssommerfest.',
    adminInfo: 'Angebot bis Ende des Monats gültig.',
    status: 2,
    leistungen: [
      {
        titel: 'Kuchenbuffet',
        anzahl: '40',
        wert: '2,20',
        mwst: '7',
        id_leistungstyp: 2,
        id_einnahmestelle: 2,
        kosten: '45,00',
      },
      { titel: 'Getränke', anzahl: '1', wert: '80,00', mwst: '19', id_leistungstyp: 2, id_einnahmestelle: 2 },
    ],
  });
  const vorspiel = await order({
    id: 0,
    id_kunde: musikschule,
    typ: 'Auftrag',
    titel: 'Raummiete Vorspielabend',
    beschreibung: 'Saal mit Flügel für den Vorspielabend der Klavierklasse.',
    adminInfo: 'Zahlung trotz Erinnerung offen: nächste Woche anrufen.',
    status: 6,
    leistungen: [
      { titel: 'Saalmiete (Abend)', anzahl: '1', wert: '180,00', mwst: '19', id_leistungstyp: 3, id_einnahmestelle: 3 },
    ],
  });
  const probentag = await order({
    id: 0,
    id_kunde: musikschule,
    typ: 'Auftrag',
    titel: 'Raummiete Probentag',
    beschreibung: 'Bewegungsraum für einen Probentag des Jugendorchesters.',
    adminInfo: 'Vom Kunden abgesagt; die Rechnung ist gutgeschrieben.',
    status: 9,
    leistungen: [
      { titel: 'Raummiete (Tag)', anzahl: '1', wert: '120,00', mwst: '19', id_leistungstyp: 3, id_einnahmestelle: 3 },
    ],
  });
  // Issued documents with what followed them (payments, a reminder, a credit note): made with the module's
  // own services before the server takes requests (writeDemoDocuments), where the file store is at hand.
  const day = (offset: number) => addDays(today, offset);
  const issue = (orderId: number, input: Record<string, unknown>, demoFollowUp: DemoFollowUp) =>
    db
      .insert(customerScheduledDocuments)
      .values({ orderId, input: { ...input, demo: demoFollowUp }, dueAt: morningOf(demoFollowUp.datum) });
  await issue(
    ferien,
    { dokumentart: 1, textbloecke: [1, 2], ansprechpartnerId: 1, lieferdatum: day(-80) },
    { datum: day(-60), bezahlt: { datum: day(-52) } },
  );
  await issue(
    probentag,
    { dokumentart: 1, textbloecke: [2], ansprechpartnerId: 1 },
    {
      datum: day(-50),
      gutschrift: day(-45),
    },
  );
  await issue(
    vorspiel,
    { dokumentart: 1, textbloecke: [2], ansprechpartnerId: 1 },
    {
      datum: day(-40),
      erinnerung: day(-15),
    },
  );
  await issue(
    halle,
    { dokumentart: 1, textbloecke: [2], ansprechpartnerId: 1 },
    {
      datum: day(-35),
      bezahlt: { datum: day(-21), betrag: '100,00' },
    },
  );
  // The city has a Leitweg-ID: its invoice gets the XRechnung next to the PDF.
  await issue(ganztag, { dokumentart: 1, textbloecke: [2], ansprechpartnerId: 1 }, { datum: day(-5) });
  await issue(
    angebot,
    { dokumentart: 2, textbloecke: [1], angebotUnterschriftAuftragnehmer: true, unterschriftId: 1 },
    { datum: day(-3) },
  );
  // The hall contract's monthly invoice, planned for the first of next month at 06:00 and then every month.
  await db.insert(customerScheduledDocuments).values({
    orderId: halle,
    input: { dokumentart: 1, textbloecke: [2], ansprechpartnerId: 1, automatischeReAnNummer: true },
    dueAt: firstOfNextMonth(demo.now),
    repeat: 1,
  });
  await seedDemoCosts(db, today);
}
