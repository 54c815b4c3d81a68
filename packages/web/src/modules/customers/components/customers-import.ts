import { customerCalls } from '@hortus/contract/modules/customers';

/** The customers page's import (importKunden): title and the columns it recognises. */
export const customersImport = {
  spec: customerCalls.importKunden,
  title: 'Kunden importieren',
  columns:
    'Kundennummer, Firma, Anrede, Vorname, Nachname, E-Mail, Telefon, Mobil, Straße, Hausnummer, PLZ, Ort, Leitweg-ID',
};
