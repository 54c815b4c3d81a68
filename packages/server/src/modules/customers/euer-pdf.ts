import { formatEuro } from '@hortus/contract';
import type { CustomerSettings, EuerLine, EuerSummary } from '@hortus/contract/modules/customers';
import { renderPdf } from '../../platform/pdf/pdf-document';

const rows = (lines: readonly EuerLine[]) => lines.map((line) => [line.label, formatEuro(line.cents)]);

/** The EÜR summary of a year (receipts, expenses by cost centre, profit) as a PDF for the ZIP. */
export function euerPdf(summary: EuerSummary, settings: CustomerSettings): Promise<Buffer> {
  const { firma } = settings;
  return renderPdf(
    { title: `Einnahmenüberschussrechnung ${summary.year}`, author: firma.name, subject: `EÜR ${summary.year}` },
    (pdf) => {
      pdf.text(
        [firma.name, firma.steuernummer ? `Steuernummer ${firma.steuernummer}` : ''].filter(Boolean).join(' · '),
        {
          size: 9,
          grey: 0.4,
        },
      );
      pdf.title(`Einnahmenüberschussrechnung ${summary.year}`);
      pdf.paragraph(
        `Zeitraum 01.01.${summary.year} bis 31.12.${summary.year}, nach Zahlungsdatum (Zufluss-/Abflussprinzip, § 4 Abs. 3 EStG).` +
          (summary.smallBusiness ? ' Kleinunternehmer gemäß § 19 UStG: ohne Umsatzsteuer und Vorsteuer.' : ''),
        { size: 10 },
      );
      const columns = [{ header: 'Position' }, { header: 'Betrag', width: 120, align: 'right' as const }];
      pdf.heading('Betriebseinnahmen');
      pdf.table({ columns, rows: rows(summary.receipts) });
      pdf.space(8);
      pdf.heading('Betriebsausgaben');
      pdf.table({ columns, rows: rows(summary.expenses) });
      pdf.space(8);
      pdf.heading('Ergebnis');
      pdf.table({
        columns,
        rows: [
          ['Summe Betriebseinnahmen', formatEuro(summary.receiptsTotal)],
          ['Summe Betriebsausgaben', formatEuro(summary.expensesTotal)],
          [summary.profit >= 0 ? 'Gewinn' : 'Verlust', formatEuro(summary.profit)],
        ],
      });
      pdf.space(12);
      pdf.text('Erstellt mit Hortus. Bitte vor der Abgabe von der Steuerberatung prüfen lassen.', {
        size: 8,
        grey: 0.4,
      });
    },
  );
}
