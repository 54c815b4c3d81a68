import {
  customerSettings,
  DATEV_DEFAULTS,
  DUNNING_DEFAULTS,
  invoiceSender,
  NO_VAT_CHOICE,
  type CustomerSettings,
} from '@hortus/contract/modules/customers';
import type { Db } from '../../platform/db/database';
import { readFacility } from '../../platform/settings/org-data';
import { readModuleSettings, writeModuleSettings } from '../../platform/settings/module-settings';
import type { Caller } from '../../platform/auth/session-user';
import { requireDesignation } from '../../platform/users/accounts';

export const MODULE_CODE = '410';

/** Settings of a fresh installation: the usual statuses, VAT rates and document types. */
export const defaultCustomerSettings: CustomerSettings = {
  id_nutzergruppe_kunde: 0,
  dataOffline: false,
  auftragsstatus: [
    { nummer: 1, kurz: 'Anfrage', icon: '' },
    { nummer: 2, kurz: 'Angebot', icon: '' },
    { nummer: 3, kurz: 'In Arbeit', icon: '' },
    { nummer: 5, kurz: 'Abrechnung', icon: '' },
    { nummer: 6, kurz: 'Problem', icon: '' },
    { nummer: 8, kurz: 'Erledigt', icon: '' },
    { nummer: 9, kurz: 'Storniert', icon: '' },
  ],
  vertragsstatus: [
    { nummer: 1, kurz: 'Entwurf', icon: '' },
    { nummer: 4, kurz: 'Aktiv', icon: '' },
    { nummer: 7, kurz: 'Gekündigt', icon: '' },
    { nummer: 8, kurz: 'Beendet', icon: '' },
  ],
  leistungstypen: [
    { id: 1, name: 'Dienstleistung', mwst: '19', ...NO_VAT_CHOICE },
    { id: 2, name: 'Material', mwst: '19', ...NO_VAT_CHOICE },
    { id: 3, name: 'Ermäßigt', mwst: '7', ...NO_VAT_CHOICE },
  ],
  einnahmestellen: [{ id: 1, name: 'Allgemein', konto: '' }],
  kostenstellen: [{ nummer: 1, name: 'Allgemein', konto: '' }],
  auftraegeDokumentarten: [
    { nummer: 1, kurz: 'RE', name: 'Rechnung', fuerKosten: false },
    { nummer: 2, kurz: 'AN', name: 'Angebot', fuerKosten: false },
    { nummer: 20, kurz: 'BB', name: 'Buchungsbeleg', fuerKosten: true },
    { nummer: 100, kurz: 'HO', name: 'Hochgeladen', fuerKosten: true },
  ],
  rechnungenTextbloecke: [
    { id: 1, titel: 'Dank', text: 'Vielen Dank für Ihren Auftrag!' },
    { id: 2, titel: 'Zahlung', text: 'Bitte überweisen Sie den Betrag innerhalb von 14 Tagen.' },
  ],
  unterschriften: [],
  rechnungen_planenCronjobsMoeglich: false,
  firma: {
    name: 'Meine Firma',
    strasse: '',
    hausnummer: '',
    plz: '',
    ort: '',
    telefon: '',
    mail: '',
    steuernummer: '',
    ustId: '',
    bank: '',
    iban: '',
    bic: '',
    kleinunternehmer: false,
    zahlungszielTage: 14,
  },
  datev: DATEV_DEFAULTS,
  mahnwesen: DUNNING_DEFAULTS,
};

export function readCustomerSettings(db: Db): Promise<CustomerSettings> {
  return readModuleSettings(db, MODULE_CODE, customerSettings, defaultCustomerSettings);
}

/**
 * 410's settings with the invoice sender filled from the facility: what every paper naming the sender reads
 * (invoice PDF, XRechnung/ZUGFeRD, cancellations, dunning letters, GoBD export, Verfahrensdokumentation). Never
 * saved back: the settings page keeps 410's own (empty) fields.
 */
export async function readInvoicingSettings(db: Db): Promise<CustomerSettings> {
  const [settings, facility] = await Promise.all([readCustomerSettings(db), readFacility(db)]);
  return { ...settings, firma: invoiceSender(settings.firma, facility) };
}

/**
 * A changed customer group must be one the platform lets a module designate (no administration right,
 * none the editor lacks): otherwise a message on id_nutzergruppe_kunde and nothing is saved.
 */
export async function requireCustomerGroup(db: Db, editor: Caller, settings: CustomerSettings): Promise<void> {
  const current = await readCustomerSettings(db);
  if (settings.id_nutzergruppe_kunde === current.id_nutzergruppe_kunde) return;
  await requireDesignation(db, editor, settings.id_nutzergruppe_kunde, 'id_nutzergruppe_kunde');
}

export async function saveCustomerSettings(db: Db, settings: CustomerSettings): Promise<void> {
  await writeModuleSettings(db, MODULE_CODE, settings);
}

/** Members of the customer group are customers: they see only their own orders' public information. */
export function isCustomer(user: Pick<Caller, 'gruppen'>, settings: CustomerSettings): boolean {
  return settings.id_nutzergruppe_kunde > 0 && user.gruppen.includes(settings.id_nutzergruppe_kunde);
}

/** What a customer may see of the settings: statuses and service types, nothing internal. */
export function customerVisibleSettings(settings: CustomerSettings): CustomerSettings {
  return {
    ...settings,
    einnahmestellen: [],
    kostenstellen: [],
    rechnungenTextbloecke: [],
    unterschriften: [],
  };
}
