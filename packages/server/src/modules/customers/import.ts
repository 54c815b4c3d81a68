import type { UploadedFile } from '@hortus/contract';
import { customerInput } from '@hortus/contract/modules/customers';
import type { z } from 'zod';
import type { LoadedUser } from '../../platform/auth/session-user';
import type { Db } from '../../platform/db/database';
import { finishImport, type RowPlan } from '../../platform/import/run';
import { addIssues, ImportErrors, readImportTable, type ImportField } from '../../platform/import/table';
import { saveCustomer } from './customers';
import { customers } from './schema';
import { readCustomerSettings } from './settings';

const fields = [
  { key: 'kundennummer', label: 'Kundennummer', headers: ['Kunden-Nr.', 'Kundennr', 'Nummer'] },
  { key: 'firma', label: 'Firma', headers: ['Firmenname', 'Unternehmen', 'Organisation', 'Name'] },
  { key: 'anrede', label: 'Anrede', headers: [] },
  { key: 'vorname', label: 'Vorname', headers: ['Ansprechpartner Vorname'] },
  { key: 'nachname', label: 'Nachname', headers: ['Ansprechpartner Nachname', 'Familienname', 'Ansprechpartner'] },
  { key: 'mail', label: 'E-Mail', headers: ['Email', 'Mail', 'E-Mail-Adresse'] },
  { key: 'telefon', label: 'Telefon', headers: ['Telefonnummer', 'Tel', 'Festnetz'] },
  { key: 'mobil', label: 'Mobil', headers: ['Handy', 'Mobiltelefon', 'Mobilnummer'] },
  { key: 'strasse', label: 'Straße', headers: ['Strasse', 'Anschrift', 'Adresse'] },
  { key: 'hausnummer', label: 'Hausnummer', headers: ['Hausnr', 'Nr'] },
  { key: 'plz', label: 'PLZ', headers: ['Postleitzahl'] },
  { key: 'ort', label: 'Ort', headers: ['Stadt', 'Wohnort'] },
  { key: 'leitwegId', label: 'Leitweg-ID', headers: ['Leitweg'] },
] as const satisfies readonly ImportField[];
type Key = (typeof fields)[number]['key'];

const noName = 'Bitte eine Firma oder einen Nachnamen angeben.';
const salutationMessage = 'Bitte „Herr“ oder „Frau“ angeben (oder leer lassen).';

/** Which column a refusal of customerInput belongs to. */
function columnOf(path: readonly PropertyKey[]): Key | undefined {
  const [first, , field] = path;
  if (first === 'ansprechpartner')
    return field === 'telefon_festnetz' ? 'telefon' : field === 'telefon_mobil' ? 'mobil' : (field as Key);
  if (first === 'anschriften') return field === 'firma' ? 'firma' : (field as Key);
  return first as Key;
}

const lower = (text: string) => text.trim().toLowerCase();

/**
 * importKunden: customers with one contact and one invoice address per row. A row duplicates a stored
 * customer (or an earlier row) with the same customer number, the same contact e-mail, or the same name
 * at the same postcode.
 */
export async function importCustomers(
  db: Db,
  user: LoadedUser,
  input: { inhalt?: string | undefined; file?: UploadedFile | undefined; probelauf: boolean },
) {
  const table = await readImportTable<Key>(input, fields);
  const settings = await readCustomerSettings(db);
  const stored = await db.select().from(customers);
  const numbers = new Set(stored.map((c) => c.kundennummer));
  const mails = new Set(stored.flatMap((c) => c.contacts.map((contact) => lower(contact.mail))).filter(Boolean));
  const namesAt = new Set(stored.flatMap((c) => c.addresses.map((a) => `${lower(c.ident)}|${a.plz.trim()}`)));
  const errors = new ImportErrors();
  const plans: RowPlan<z.output<typeof customerInput>>[] = [];
  for (const row of table.rows) {
    const v = row.values;
    const name = v.firma || `${v.vorname} ${v.nachname}`.trim();
    const plan = { zeile: row.zeile, name: [name, v.ort].filter(Boolean).join(', ') };
    if (v.firma === '' && v.nachname === '') errors.add(row.zeile, row.spalte('firma'), noName);
    const anrede = v.anrede === '' ? 'Herr' : v.anrede.replace(/\.$/, '');
    const knownSalutation = ['Herr', 'Frau'].includes(anrede);
    if (!knownSalutation) errors.add(row.zeile, row.spalte('anrede'), salutationMessage);
    // 'Lindenweg 12' in one column when there is no house number column.
    const street = v.hausnummer === '' ? /^(.*\S)\s+(\d+\s?[a-zA-Z]?(?:[-/]\d+\s?[a-zA-Z]?)?)$/.exec(v.strasse) : null;
    const hasContact = v.vorname !== '' || v.nachname !== '' || v.mail !== '' || v.telefon !== '' || v.mobil !== '';
    const hasAddress = v.strasse !== '' || v.plz !== '' || v.ort !== '';
    const parsed = customerInput.safeParse({
      id: 0,
      kundennummer: v.kundennummer,
      firma: v.firma,
      leitwegId: v.leitwegId,
      ansprechpartner: hasContact
        ? [
            {
              anrede: knownSalutation ? anrede : 'Herr',
              vorname: v.vorname,
              nachname: v.nachname,
              mail: v.mail,
              telefon_festnetz: v.telefon,
              telefon_mobil: v.mobil,
            },
          ]
        : [],
      anschriften: hasAddress
        ? [
            {
              bezeichnung: 'Rechnungsanschrift',
              firma: v.firma,
              strasse: street ? (street[1] ?? '') : v.strasse,
              hausnummer: street ? (street[2] ?? '') : v.hausnummer,
              plz: v.plz,
              ort: v.ort,
            },
          ]
        : [],
    });
    if (!parsed.success) addIssues(errors, row, parsed.error.issues, columnOf);
    if (errors.has(row.zeile) || !parsed.success) {
      plans.push({ ...plan, ergebnis: 'fehler' });
      continue;
    }
    const ident = lower(name);
    const mail = lower(v.mail);
    const duplicate =
      (v.kundennummer !== '' && numbers.has(v.kundennummer)) ||
      (mail !== '' && mails.has(mail)) ||
      (hasAddress && namesAt.has(`${ident}|${v.plz}`));
    if (v.kundennummer !== '') numbers.add(v.kundennummer);
    if (mail !== '') mails.add(mail);
    if (hasAddress) namesAt.add(`${ident}|${v.plz}`);
    plans.push(duplicate ? { ...plan, ergebnis: 'doppelt' } : { ...plan, ergebnis: 'neu', record: parsed.data });
  }
  return finishImport(db, input.probelauf, plans, errors, async (tx, { record }) => {
    await saveCustomer(tx, record, settings.id_nutzergruppe_kunde, user);
  });
}
