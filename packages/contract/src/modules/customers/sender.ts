import type { Facility } from '../../platform/facility';
import type { CustomerSettings } from './calls';

type Firm = CustomerSettings['firma'];
type FallbackField = 'strasse' | 'hausnummer' | 'plz' | 'ort' | 'telefon' | 'mail';

/** The firm's fields that fall back to the facility's (app settings, /001; issue 47), each with the facility's field. */
export const firmFacilityFields: Readonly<Record<FallbackField, keyof Facility>> = {
  strasse: 'strasse',
  hausnummer: 'hausnummer',
  plz: 'plz',
  ort: 'ort',
  telefon: 'telefon',
  mail: 'email',
};

const addressFields: readonly FallbackField[] = ['strasse', 'hausnummer', 'plz', 'ort'];

/**
 * The invoice sender (issue 47): 410's own `firma`, where its address, phone or e-mail is empty the facility's.
 * The address goes as a whole (street, number, postcode and town all empty in 410: all four the facility's), so a
 * sender never mixes two addresses. Name, tax numbers and bank always stay 410's.
 */
export function invoiceSender(firma: Firm, facility: Facility): Firm {
  const ownAddress = addressFields.some((field) => firma[field].trim() !== '');
  const sender = { ...firma };
  for (const [own, shared] of Object.entries(firmFacilityFields) as [FallbackField, keyof Facility][]) {
    const empty = addressFields.includes(own) ? !ownAddress : firma[own].trim() === '';
    if (empty) sender[own] = facility[shared];
  }
  return sender;
}
