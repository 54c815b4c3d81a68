import Big from 'big.js';
import { z } from 'zod';
import { parseRate } from '../../platform/money';
import { tooLongMessage } from '../../platform/validation';

/**
 * VAT categories of EN 16931 (UNTDID 5305 subset, BT-151/BT-118) a service type or an invoice line may
 * have, with the exemption reason (BT-120 text, BT-121 VATEX code) the categories other than S and Z need
 * (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10) and § 14 Abs. 4 Nr. 8 UStG asks on the invoice.
 * '' = not chosen: S, or Z at 0 % (what every line was before categories could be chosen).
 */
export const VAT_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

export const vatCategoryNames: Readonly<Record<VatCategory, string>> = {
  S: 'S – Regelsteuersatz',
  Z: 'Z – Nullsteuersatz',
  E: 'E – steuerbefreit',
  AE: 'AE – Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)',
  K: 'K – innergemeinschaftliche Lieferung/Leistung',
  G: 'G – Ausfuhr (Drittland)',
  O: 'O – nicht steuerbar',
};

/** The reason text (and VATEX code) a category brings when none is given; E needs its own (which exemption). */
export const VAT_DEFAULT_REASONS: Readonly<Partial<Record<VatCategory, { text: string; code: string }>>> = {
  AE: { text: 'Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG)', code: 'VATEX-EU-AE' },
  K: { text: 'Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1 Buchst. b UStG)', code: 'VATEX-EU-IC' },
  G: { text: 'Steuerfreie Ausfuhrlieferung (§ 4 Nr. 1 Buchst. a UStG)', code: 'VATEX-EU-G' },
  O: { text: 'Nicht im Inland steuerbare Leistung', code: 'VATEX-EU-O' },
};

export const vatMessages = {
  category: 'Bitte eine Steuerkategorie wählen (S, Z, E, AE, K, G oder O).',
  reasonRequired: 'Bitte den Grund der Steuerbefreiung angeben (z. B. „Steuerfrei nach § 4 Nr. 25 UStG“).',
  code: 'Bitte einen Befreiungscode der VATEX-Liste angeben (z. B. VATEX-EU-132-1H) oder das Feld leer lassen.',
  standardRate: 'Der Regelsteuersatz (S) braucht einen Steuersatz über 0 %.',
  zeroRate: (category: string) => `Die Steuerkategorie ${category} hat den Steuersatz 0 %.`,
} as const;

export const vatCategoryField = z.enum(['', ...VAT_CATEGORIES], { error: vatMessages.category }).default('');
export const exemptionReasonField = z
  .string({ error: 'Bitte angeben.' })
  .trim()
  .max(300, tooLongMessage(300))
  .default('');
export const exemptionCodeField = z
  .string({ error: 'Bitte angeben.' })
  .trim()
  .toUpperCase()
  .regex(/^(VATEX-[A-Z0-9-]{1,30})?$/, vatMessages.code)
  .default('');

/** No category chosen: S, or Z at 0 % (what a service type or line had before categories). */
export const NO_VAT_CHOICE = { ustKategorie: '', befreiungsgrund: '', befreiungsgrundCode: '' } as const;

/** After-care by a recognised non-profit provider: exempt as youth welfare (§ 4 Nr. 25 UStG, Art. 132(1)(h) VAT Directive). */
export const YOUTH_WELFARE_EXEMPTION = {
  ustKategorie: 'E',
  befreiungsgrund: 'Steuerfreie Leistung der Kinder- und Jugendhilfe nach § 4 Nr. 25 UStG',
  befreiungsgrundCode: 'VATEX-EU-132-1H',
} as const;

export interface VatChoice {
  ustKategorie: '' | VatCategory;
  befreiungsgrund: string;
  befreiungsgrundCode: string;
}

/** A line's category as written: the chosen one, else S (rate > 0) or Z (0 %). */
export function lineCategory(choice: Partial<Pick<VatChoice, 'ustKategorie'>>, rate: string): VatCategory {
  if (choice.ustKategorie) return choice.ustKategorie;
  return new Big(rate || '0').eq(0) ? 'Z' : 'S';
}

/** A category that needs an exemption reason (all but S and Z). */
export const needsReason = (category: VatCategory): boolean => category !== 'S' && category !== 'Z';

/** The reason of a line (text, code) as written: its own, else the category's default ('' for S and Z). */
export function lineReason(choice: Partial<VatChoice>, rate: string): { text: string; code: string } {
  const category = lineCategory(choice, rate);
  if (!needsReason(category)) return { text: '', code: '' };
  const own = { text: choice.befreiungsgrund ?? '', code: choice.befreiungsgrundCode ?? '' };
  if (own.text !== '' || own.code !== '') return own;
  return VAT_DEFAULT_REASONS[category] ?? own;
}

/**
 * The rules of a category against the rate and reason, as field errors (key → German message): S needs a
 * rate above 0 (BR-S-05), the others 0 % (BR-Z-05, BR-E-05, …), E a reason of its own (BR-E-10).
 */
export function vatChoiceErrors(
  choice: Partial<VatChoice>,
  rate: string | null,
): Partial<Record<keyof VatChoice, string>> {
  if (!choice.ustKategorie || rate === null) return {};
  const category = choice.ustKategorie;
  const zero = new Big(rate).eq(0);
  if (category === 'S' && zero) return { ustKategorie: vatMessages.standardRate };
  if (category !== 'S' && !zero) return { ustKategorie: vatMessages.zeroRate(category) };
  if (needsReason(category) && lineReason(choice, rate).text === '' && lineReason(choice, rate).code === '')
    return { befreiungsgrund: vatMessages.reasonRequired };
  return {};
}

/**
 * The VAT choice a line is stored with: its own when it has one, else its service type's when the rates
 * agree (a type's exemption never lands on a line someone gave another rate), else none.
 */
export function lineVatChoice(
  line: VatChoice & { mwst: string; id_leistungstyp: number },
  serviceTypes: readonly (VatChoice & { id: number; mwst: string })[],
): VatChoice {
  const own = {
    ustKategorie: line.ustKategorie,
    befreiungsgrund: line.befreiungsgrund,
    befreiungsgrundCode: line.befreiungsgrundCode,
  };
  if (own.ustKategorie !== '')
    return needsReason(own.ustKategorie) ? own : { ...NO_VAT_CHOICE, ustKategorie: own.ustKategorie };
  const type = serviceTypes.find((t) => t.id === line.id_leistungstyp);
  const typeRate = type ? parseRate(type.mwst) : null;
  const lineRate = parseRate(line.mwst);
  if (!type || type.ustKategorie === '' || typeRate === null || lineRate === null || !new Big(typeRate).eq(lineRate))
    return { ...NO_VAT_CHOICE };
  return {
    ustKategorie: type.ustKategorie,
    befreiungsgrund: type.befreiungsgrund,
    befreiungsgrundCode: type.befreiungsgrundCode,
  };
}
