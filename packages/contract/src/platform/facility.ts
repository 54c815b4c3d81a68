import { z } from 'zod';
import { ruledString } from './schema';
import { tooLongMessage } from './validation';

/**
 * The facility (Einrichtung): its name, address, phone, e-mail and opening hours, kept once in the app settings
 * (module 001 edits them, issue 47). The login screen, 210's 'Kontakt' tab and 410's invoices (where 410's own
 * address is empty) read them, so the three can no longer differ.
 */

export const facilityMessages = {
  plz: 'Bitte eine Postleitzahl aus fünf Ziffern angeben.',
} as const;

const limited = (max: number, ...rules: Parameters<typeof ruledString>) =>
  ruledString(...rules).pipe(z.string().max(max, tooLongMessage(max)));

/** The facility as 001 saves it; every field may stay empty. */
export const facility = z.object({
  name: limited(200, 'name'),
  strasse: limited(200, 'name'),
  hausnummer: limited(20, 'name'),
  plz: z.string({ error: 'Bitte angeben.' }).regex(/^$|^\d{5}$/, facilityMessages.plz),
  ort: limited(100, 'name'),
  telefon: limited(50, 'telefon'),
  email: limited(200, 'email'),
  /** One line per rule ('Montag bis Freitag 11:30 – 17:00 Uhr'). */
  oeffnungszeiten: limited(2000, 'text'),
});
export type Facility = z.infer<typeof facility>;

export const emptyFacility: Facility = {
  name: '',
  strasse: '',
  hausnummer: '',
  plz: '',
  ort: '',
  telefon: '',
  email: '',
  oeffnungszeiten: '',
};

/** The demo organisation's facility, also the example of docs/api.md and the tests. */
export const exampleFacility: Facility = {
  name: 'Hort Sonnenschein',
  strasse: 'Lindenweg',
  hausnummer: '12',
  plz: '01099',
  ort: 'Dresden',
  telefon: '0351 123456',
  email: 'buero@hort-sonnenschein.example',
  oeffnungszeiten: 'Montag bis Freitag 11:30 – 17:00 Uhr\nIn den Ferien 7:30 – 16:00 Uhr',
};

/** The address in lines: 'Lindenweg 12' and '01099 Dresden' (empty parts left out). */
export function facilityAddressLines(value: Pick<Facility, 'strasse' | 'hausnummer' | 'plz' | 'ort'>): string[] {
  const street = [value.strasse, value.hausnummer]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const town = [value.plz, value.ort]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return [street, town].filter(Boolean);
}

/** Whether nothing is filled in. */
export function isEmptyFacility(value: Facility): boolean {
  return Object.values(value).every((part) => part.trim() === '');
}

/** Where the facility is edited (module 001, the app settings), for the hints of the screens that show it. */
export const facilityEditing = {
  path: '/001',
  right: 'x|001',
  hint: 'Adresse, Telefon und Öffnungszeiten stehen in den App-Einstellungen unter „Einrichtung“.',
  link: 'Zu den App-Einstellungen',
} as const;
