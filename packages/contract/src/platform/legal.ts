import { z } from 'zod';
import { optionalIsoDayField } from './fields';
import { ruledString } from './schema';
import { tooLongMessage } from './validation';

/**
 * The organisation's legal texts kept in the app settings (module 001 edits them, issue 42): who is
 * responsible (the Träger), the data protection officer's contact and the accessibility statement (BITV 2.0).
 * The public pages /datenschutz and /barrierefreiheit and the compliance papers read them.
 */

const limited = (schema: z.ZodType<string>, max: number) => schema.pipe(z.string().max(max, tooLongMessage(max)));

/** A contact: the responsible organisation (Verantwortlicher) or the data protection officer; every field optional. */
export const legalContact = z.object({
  name: limited(ruledString('name'), 200),
  anschrift: limited(ruledString('text'), 500),
  email: limited(ruledString('email'), 200),
  telefon: limited(ruledString('telefon'), 50),
});
export type LegalContact = z.infer<typeof legalContact>;

export const emptyLegalContact: LegalContact = { name: '', anschrift: '', email: '', telefon: '' };

/** State of compliance with BITV 2.0 / WCAG 2.1 AA, as the statement words it. */
export const accessibilityStates = ['vollstaendig', 'teilweise', 'nicht'] as const;
export type AccessibilityState = (typeof accessibilityStates)[number];
export const accessibilityStateLabels: Record<AccessibilityState, string> = {
  vollstaendig: 'vollständig vereinbar',
  teilweise: 'teilweise vereinbar',
  nicht: 'nicht vereinbar',
};

export const legalMessages = {
  accessibilityState: 'Bitte einen Stand der Vereinbarkeit wählen.',
} as const;

/** The accessibility statement (Erklärung zur Barrierefreiheit) as the settings keep it. */
export const accessibilityStatement = z.object({
  stand: z.enum(accessibilityStates, legalMessages.accessibilityState),
  /** The content that is not accessible yet, and why (one paragraph per line). */
  einschraenkungen: limited(ruledString('text'), 5000),
  /** Where feedback about barriers goes (mailto link); empty: the responsible organisation's e-mail. */
  kontaktEmail: limited(ruledString('email'), 200),
  /** When the statement was made ('' = not dated yet). */
  datum: optionalIsoDayField(),
  /** The enforcement body (Durchsetzungsverfahren). */
  schlichtungsstelle: limited(ruledString('name'), 200),
  schlichtungsstelleUrl: limited(ruledString('url', 'httpUrl'), 300),
});
export type AccessibilityStatement = z.infer<typeof accessibilityStatement>;

/** What a statement says until the organisation writes its own. */
export const defaultAccessibilityStatement: AccessibilityStatement = {
  stand: 'teilweise',
  einschraenkungen:
    'Dokumente, die Nutzerinnen und Nutzer hochladen (zum Beispiel PDF-Dateien und Fotos), sind nicht immer barrierefrei.\n' +
    'Karten- und Kalenderansichten sind mit Screenreadern nur eingeschränkt nutzbar; dieselben Angaben stehen jeweils auch als Liste zur Verfügung.',
  kontaktEmail: '',
  datum: '',
  schlichtungsstelle: 'Schlichtungsstelle nach § 16 BGG',
  schlichtungsstelleUrl: 'https://www.schlichtungsstelle-bgg.de',
};

/** One part of a generated text: a heading and its paragraphs. */
export const legalSection = z.object({ titel: z.string(), absaetze: z.array(z.string()) });
export type LegalSection = z.infer<typeof legalSection>;

/**
 * The public pages' content (login screen call with `mit=rechtliches`): the privacy notice (built from the
 * modules' processing descriptions and the settings) with both contacts, and the accessibility statement.
 */
export const legalPagesData = z.object({
  appTitel: z.string(),
  verantwortlicher: legalContact,
  datenschutzbeauftragter: legalContact,
  datenschutzhinweise: z.array(legalSection),
  barrierefreiheit: accessibilityStatement,
});
export type LegalPagesData = z.infer<typeof legalPagesData>;

/**
 * The compliance papers a Träger signs, generated as German PDFs from the product's real settings (Datenschutz
 * page, right x|005|040): key → title and file name.
 */
export const privacyPapers = {
  hinweise: { titel: 'Datenschutzhinweise für Eltern und Beschäftigte', datei: 'Datenschutzhinweise.pdf' },
  verzeichnis: {
    titel: 'Verzeichnis von Verarbeitungstätigkeiten (Art. 30 DSGVO)',
    datei: 'Verzeichnis-von-Verarbeitungstaetigkeiten.pdf',
  },
  tom: { titel: 'Technische und organisatorische Maßnahmen (Art. 32 DSGVO)', datei: 'TOM.pdf' },
  loeschkonzept: { titel: 'Löschkonzept', datei: 'Loeschkonzept.pdf' },
  avv: { titel: 'Vertrag zur Auftragsverarbeitung (Art. 28 DSGVO) – Vorlage', datei: 'AVV-Vorlage.pdf' },
} as const;
export type PrivacyPaper = keyof typeof privacyPapers;
export const privacyPaperKeys = Object.keys(privacyPapers) as [PrivacyPaper, ...PrivacyPaper[]];
export const privacyPaperField = z.enum(privacyPaperKeys, 'Unbekanntes Dokument.');
