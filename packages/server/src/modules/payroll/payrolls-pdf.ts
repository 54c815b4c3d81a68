import { formatGermanDate } from '@hortus/contract';
import {
  dayHours,
  dayStatusLabels,
  formatDecimal,
  formatPayrollEuro,
  payrollMonthNames,
  weekdayShort,
  weekdayOf,
  type GetPayrollReply,
} from '@hortus/contract/modules/payroll';
import { mm, renderPdf } from '../../platform/pdf/pdf-document';
import type { EmployeeRow } from './employees';

const two = (value: number): string => String(value).padStart(2, '0');

/** The name the statement downloads under: employee name, year and month (business.md 7.3). */
export function payrollPdfName(
  employee: Pick<EmployeeRow, 'vorname' | 'nachname'>,
  jahr: number,
  monat: number,
): string {
  const name = `${employee.nachname}_${employee.vorname}`.replace(/[\\/:*?"<>|\s]+/g, '_');
  return `${name}_${jahr}_${two(monat)}.pdf`;
}

/** What the monthly PDF is: hours and gross pay, no deductions. */
export const PAYROLL_PDF_TITLE = 'Stundennachweis und Bruttolohn';

/**
 * The monthly timesheet with gross pay of a saved payroll ('Stundennachweis und Bruttolohn'). It shows no
 * deductions, so it is not a payslip (§ 108 GewO) and must not be called one; the payroll office makes those.
 */
export function payrollPdf(employee: EmployeeRow, reply: GetPayrollReply, organisation: string): Promise<Buffer> {
  const payroll = reply.abrechnung;
  const overview = payroll.uebersichtData;
  const groupName = (id: number): string => payroll.lohngruppen.find((group) => group.id === id)?.name ?? '';
  const monthName = `${payrollMonthNames[payroll.monat - 1] ?? ''} ${payroll.jahr}`;
  return renderPdf(
    {
      title: `${PAYROLL_PDF_TITLE} ${monthName} – ${employee.vorname} ${employee.nachname}`,
      subject: PAYROLL_PDF_TITLE,
      author: organisation,
      margins: { left: mm(15), right: mm(15), top: mm(15), bottom: mm(15) },
    },
    (pdf) => {
      pdf.title(`${PAYROLL_PDF_TITLE} ${monthName}`);
      pdf.text(`${employee.vorname} ${employee.nachname}`, { bold: true, size: 12 });
      const details = [
        employee.personalnummer ? `Personalnummer ${employee.personalnummer}` : '',
        employee.eintrittsdatum ? `Eintritt ${formatGermanDate(employee.eintrittsdatum)}` : '',
        organisation,
      ].filter((part) => part !== '');
      if (details.length > 0) pdf.text(details.join(' · '), { grey: 0.4, size: 9 });
      pdf.space(6);
      pdf.table({
        size: 8,
        columns: [
          { header: 'Datum', width: 56 },
          { header: 'Tag', width: 24 },
          { header: 'Status', width: 50 },
          { header: 'Objekt' },
          { header: 'Von', width: 34 },
          { header: 'Bis', width: 34 },
          { header: 'Pause', width: 44, align: 'right' },
          { header: 'Stunden', width: 48, align: 'right' },
          { header: 'Lohngruppe', width: 80 },
        ],
        rows: payroll.tage.map((day) => [
          formatGermanDate(day.datum),
          weekdayShort[weekdayOf(day.datum)] ?? '',
          dayStatusLabels[day.status],
          day.objekt === '' && day.status === 2 ? day.feiertag : day.objekt,
          day.zeitVon,
          day.zeitBis,
          day.pausen > 0 ? `${day.pausen} min` : '',
          day.status >= 1 && day.status <= 4 && dayHours(day) > 0 ? formatDecimal(dayHours(day)) : '',
          groupName(day.idLohngruppe),
        ]),
      });
      pdf.space(8);
      pdf.heading('Summen');
      pdf.table({
        size: 9,
        columns: [{ header: 'Position' }, { header: 'Wert', width: 120, align: 'right' }],
        rows: [
          ['Stunden (Arbeit, Feiertag, Urlaub, Krank)', formatDecimal(overview.xSummeStunden)],
          ...overview.stundenJeLohngruppe.map((group) => [`  davon ${group.name}`, formatDecimal(group.stunden)]),
          ['Vertragsstunden', formatDecimal(payroll.vertrag_stunden)],
          ...payroll.ueberstundenAusgezahlt.map((paid) => [
            `Ausgezahlte Überstunden (${groupName(paid.idLohngruppe)})`,
            formatDecimal(paid.stunden),
          ]),
          ['Überstunden des Monats', formatDecimal(overview.xSummeUeberstunden)],
          ['Überstundenkonto (Vortrag)', formatDecimal(reply.ueberstundenVortrag)],
          ['Überstundenkonto (neu)', formatDecimal(reply.ueberstundenSaldo)],
          ['Urlaubstage im Monat', String(overview.xSummeUrlaubstage)],
          [`Urlaubsanspruch ${reply.urlaub.jahr}`, formatDecimal(reply.urlaub.anspruch)],
          ['Urlaub aus dem Vorjahr', formatDecimal(reply.urlaub.uebertrag)],
          [`Urlaub genommen ${reply.urlaub.jahr}`, formatDecimal(reply.urlaub.genommen)],
          ['Resturlaub', formatDecimal(reply.urlaub.rest)],
        ],
      });
      pdf.space(8);
      pdf.heading('Bruttobezüge');
      pdf.table({
        size: 9,
        columns: [
          { header: 'Position' },
          { header: 'Stunden', width: 60, align: 'right' },
          { header: 'Satz', width: 70, align: 'right' },
          { header: 'Betrag', width: 90, align: 'right' },
        ],
        rows: [
          ...overview.positionen.map((line) => [
            line.text,
            line.stunden === null ? '' : formatDecimal(line.stunden),
            line.satz === null ? '' : formatPayrollEuro(line.satz),
            formatPayrollEuro(line.betrag),
          ]),
          ['Summe brutto', '', '', formatPayrollEuro(overview.brutto)],
        ],
      });
    },
  );
}
