import type { DocumentTotals } from '@hortus/contract';
import { lineCategory, lineReason, type VatCategory, type VatChoice } from '@hortus/contract/modules/customers';
import type { DocumentLine } from './invoice-pdf';

/** The exemption reason of a small business (§ 19 UStG), category E. */
export const SMALL_BUSINESS_REASON = 'Kein Ausweis von Umsatzsteuer, da Kleinunternehmer gemäß § 19 UStG';

/** One VAT breakdown of a document (BG-23): a category (and rate for S), its basis, VAT and reason. */
export interface VatBreakdown {
  category: VatCategory;
  rate: string;
  basisCents: number;
  vatCents: number;
  /** BT-120 (several reasons of one category joined by '; '), '' for S and Z. */
  reason: string;
  /** BT-121, '' when none or when the category's lines give different codes. */
  reasonCode: string;
}

/** A line's category and reason as written (a small business writes E with the § 19 note for all). */
export function lineVat(
  line: DocumentLine,
  smallBusiness: boolean,
): { category: VatCategory; reason: string; reasonCode: string } {
  if (smallBusiness) return { category: 'E', reason: SMALL_BUSINESS_REASON, reasonCode: '' };
  const choice = {
    ustKategorie: (line.ustKategorie ?? '') as VatChoice['ustKategorie'],
    befreiungsgrund: line.befreiungsgrund ?? '',
    befreiungsgrundCode: line.befreiungsgrundCode ?? '',
  };
  const reason = lineReason(choice, line.rate);
  return { category: lineCategory(choice, line.rate), reason: reason.text, reasonCode: reason.code };
}

/**
 * The document's VAT breakdowns: the rate groups of the totals (VAT computed once per rate, BR-CO-17),
 * the 0 % group split by category — one breakdown per category other than S (BR-E-08, BR-Z-08, …) — with
 * the reasons the exempt categories need (BR-E-10 and the like; § 14 Abs. 4 Nr. 8 UStG).
 */
export function vatBreakdowns(
  lines: readonly DocumentLine[],
  totals: DocumentTotals,
  smallBusiness: boolean,
): VatBreakdown[] {
  const result: VatBreakdown[] = [];
  for (const group of totals.groups) {
    const own = lines.filter((line) => smallBusiness || Number(line.rate) === Number(group.rate));
    const byCategory = new Map<VatCategory, { basisCents: number; reasons: string[]; codes: string[] }>();
    for (const line of own) {
      const vat = lineVat(line, smallBusiness);
      const entry = byCategory.get(vat.category) ?? { basisCents: 0, reasons: [], codes: [] };
      entry.basisCents += line.netCents;
      if (vat.reason !== '' && !entry.reasons.includes(vat.reason)) entry.reasons.push(vat.reason);
      if (!entry.codes.includes(vat.reasonCode)) entry.codes.push(vat.reasonCode);
      byCategory.set(vat.category, entry);
    }
    if (byCategory.size <= 1) {
      const [category = Number(group.rate) === 0 ? 'Z' : 'S', entry] = [...byCategory.entries()][0] ?? [];
      result.push({
        category,
        rate: smallBusiness ? '0' : group.rate,
        basisCents: group.basisCents,
        vatCents: group.vatCents,
        reason: entry?.reasons.join('; ') ?? '',
        reasonCode: entry?.codes.length === 1 ? (entry.codes[0] ?? '') : '',
      });
      continue;
    }
    // Only the 0 % group holds several categories (S needs a rate above 0): no VAT to divide.
    for (const [category, entry] of byCategory)
      result.push({
        category,
        rate: group.rate,
        basisCents: entry.basisCents,
        vatCents: 0,
        reason: entry.reasons.join('; '),
        reasonCode: entry.codes.length === 1 ? (entry.codes[0] ?? '') : '',
      });
  }
  return result;
}
