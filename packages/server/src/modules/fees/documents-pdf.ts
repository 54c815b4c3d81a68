import { formatGermanDate, formatEuro, germanMonthNames } from '@hortus/contract';
import { ALLERGENS, maskIban, type FeesSettings, type KitchenList } from '@hortus/contract/modules/fees';
import { mm, renderPdf } from '../../platform/pdf/pdf-document';
import type { MandateRow } from './mandates';
import type { StatementRow } from './runs';
import type { CertificateChild } from './certificate';

const monthName = (month: string) => `${germanMonthNames[Number(month.slice(5)) - 1] ?? ''} ${month.slice(0, 4)}`;
const margins = { left: mm(18), right: mm(18), top: mm(18), bottom: mm(18) };

/**
 * A family's monthly statement (German): its lines, the total, the due day and, for a direct debit, the
 * pre-notification with creditor ID and mandate reference.
 */
export function statementPdf(
  statement: StatementRow & { month: string },
  family: { name: string },
  settings: FeesSettings,
  mandate: MandateRow | undefined,
  organisation: string,
): Promise<Buffer> {
  return renderPdf(
    { title: `Beitragsabrechnung ${monthName(statement.month)}`, author: organisation, margins },
    (pdf) => {
      pdf.title(`Beitragsabrechnung ${monthName(statement.month)}`);
      pdf.text(`${organisation} · Familie ${family.name}`, { grey: 0.4, size: 9 });
      pdf.space(8);
      pdf.table({
        size: 9,
        columns: [{ header: 'Position' }, { header: 'Betrag', width: 90, align: 'right' }],
        rows: [
          ...statement.lines.map((line) => [line.text, formatEuro(line.betrag)]),
          ['Zu zahlen', formatEuro(statement.amountCents)],
        ],
      });
      pdf.space(8);
      if (statement.sequence !== '' && mandate && statement.amountCents > 0) {
        pdf.paragraph(
          `Vorabankündigung (Pre-Notification): Wir ziehen ${formatEuro(statement.amountCents)} am ` +
            `${formatGermanDate(statement.dueDay)} per SEPA-Basislastschrift von Ihrem Konto ${maskIban(mandate.iban)} ein. ` +
            `Gläubiger-Identifikationsnummer: ${settings.glaeubigerId}, Mandatsreferenz: ${statement.mandateReference}. ` +
            'Bitte sorgen Sie für ausreichende Deckung.',
          { size: 9 },
        );
      } else if (statement.amountCents > 0) {
        pdf.paragraph(
          `Bitte überweisen Sie ${formatEuro(statement.amountCents)} bis zum ${formatGermanDate(statement.dueDay)}` +
            (settings.glaeubigerIban ? ` auf das Konto ${settings.glaeubigerIban} (${settings.glaeubigerName}).` : '.'),
          { size: 9 },
        );
      }
      pdf.paragraph(
        'Betreuungsbeiträge können als Kinderbetreuungskosten (§ 10 Abs. 1 Nr. 5 EStG) geltend gemacht werden; ' +
          'Essensgeld ist davon ausgenommen.',
        { size: 8, grey: 0.4 },
      );
    },
  );
}

/** The kitchen list of a day as a PDF: the menu with allergens, lunches per class with the children's notes. */
export function kitchenPdf(list: KitchenList, organisation: string): Promise<Buffer> {
  return renderPdf({ title: `Küchenliste ${formatGermanDate(list.tag)}`, author: organisation, margins }, (pdf) => {
    pdf.title(`Küchenliste ${formatGermanDate(list.tag)}: ${list.anzahl} Essen`);
    for (const dish of list.gerichte) {
      const allergens = dish.allergene.map((code) => `${code} ${ALLERGENS[code as keyof typeof ALLERGENS] ?? ''}`);
      pdf.text(allergens.length > 0 ? `${dish.name} (${allergens.join(', ')})` : dish.name, { size: 10 });
    }
    for (const klasse of list.klassen) {
      pdf.space(6);
      pdf.heading(`${klasse.name_klasse}: ${klasse.anzahl}`);
      pdf.table({
        size: 9,
        columns: [{ header: 'Kind', width: 180 }, { header: 'Hinweise (Ernährung, Allergien)' }],
        rows: klasse.kinder.map((kind) => [kind.name, kind.hinweise]),
      });
    }
  });
}

/**
 * The yearly certificate for the tax return (German): per child the care fees paid in the year, meal money
 * apart, the months covered, and the legal note (§ 10 Abs. 1 Nr. 5 EStG; meals are not deductible).
 */
export function certificatePdf(
  certificate: { familyName: string; children: CertificateChild[]; months: string[] },
  year: number,
  organisation: string,
  today: string,
): Promise<Buffer> {
  const title = `Bescheinigung über Kinderbetreuungskosten ${year}`;
  const sum = (key: 'betreuung' | 'essen') => certificate.children.reduce((total, child) => total + child[key], 0);
  return renderPdf({ title, author: organisation, margins }, (pdf) => {
    pdf.title(title);
    pdf.text(`${organisation} · Familie ${certificate.familyName} · ausgestellt am ${formatGermanDate(today)}`, {
      grey: 0.4,
      size: 9,
    });
    pdf.space(8);
    pdf.paragraph(
      `Für die Betreuung der folgenden Kinder wurden im Kalenderjahr ${year} diese Beträge an uns gezahlt:`,
      { size: 10 },
    );
    pdf.table({
      size: 9,
      columns: [
        { header: 'Kind' },
        { header: 'Betreuungsbeiträge', width: 110, align: 'right' },
        { header: 'Essensgeld', width: 90, align: 'right' },
      ],
      rows: [
        ...certificate.children.map((child) => [child.name, formatEuro(child.betreuung), formatEuro(child.essen)]),
        ['Summe', formatEuro(sum('betreuung')), formatEuro(sum('essen'))],
      ],
    });
    pdf.space(8);
    pdf.paragraph(
      certificate.months.length > 0
        ? `Berücksichtigt sind die bezahlten Abrechnungen der Monate ${certificate.months.map(monthName).join(', ')}.`
        : `Für ${year} liegen keine bezahlten Abrechnungen vor.`,
      { size: 9 },
    );
    pdf.paragraph(
      'Die Betreuungsbeiträge können als Kinderbetreuungskosten nach § 10 Abs. 1 Nr. 5 EStG geltend gemacht werden. ' +
        'Das Essensgeld (Verpflegung) gehört nicht zu den Kinderbetreuungskosten und ist nicht abziehbar. ' +
        'Diese Bescheinigung wurde maschinell erstellt und ist ohne Unterschrift gültig.',
      { size: 8, grey: 0.4 },
    );
  });
}
