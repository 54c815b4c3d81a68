import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { formatGermanDate } from '@hortus/contract';
import {
  attendanceBars,
  germanMonthLabel,
  releaseTimeBars,
  statisticsMessages,
  type ChartBar,
  type EvaluationOptions,
  childCount,
} from '@hortus/contract/modules/children';
import { renderPdf, type PdfWriter } from '../../platform/pdf/pdf-document';

/** One attendance record as the evaluations print it. */
export interface EvaluationRow {
  tag: string;
  vorname: string;
  nachname: string;
  klasse: string;
  von: string;
  /** '' = not released. */
  bis: string;
  grund: string;
}

/** Light blue of the bars (school.md 9). */
const BAR_COLOUR: [number, number, number] = [135, 196, 235];
const BAR_ROW = 15;
const LABEL_WIDTH = 95;
const COUNT_WIDTH = 36;

/** A horizontal bar chart drawn as vectors: label, light-blue bar scaled to the largest count, the count. */
export function barChart(pdf: PdfWriter, heading: string, bars: readonly ChartBar[]): void {
  pdf.heading(heading);
  if (bars.length === 0) {
    pdf.paragraph(statisticsMessages.noAttendance, { grey: 0.4 });
    return;
  }
  const max = Math.max(1, ...bars.map((bar) => bar.count));
  const barSpace = pdf.contentWidth - LABEL_WIDTH - COUNT_WIDTH;
  const kit = pdf.kit;
  for (const bar of bars) {
    pdf.ensureSpace(BAR_ROW);
    const top = pdf.y;
    kit.fontSize(9).fillColor('black');
    kit.text(bar.label, pdf.left, top + 2, { width: LABEL_WIDTH - 6, lineBreak: false, ellipsis: true });
    const width = (bar.count / max) * barSpace;
    if (width > 0) kit.rect(pdf.left + LABEL_WIDTH, top + 1, width, BAR_ROW - 3).fill(BAR_COLOUR);
    kit.fillColor('black');
    kit.text(String(bar.count), pdf.left + LABEL_WIDTH + width + 4, top + 2, { width: COUNT_WIDTH, lineBreak: false });
    pdf.y = top + BAR_ROW;
  }
  kit.x = pdf.left;
  pdf.space(10);
}

const byClassAndName = (a: EvaluationRow, b: EvaluationRow) =>
  a.klasse.localeCompare(b.klasse, 'de') ||
  a.nachname.localeCompare(b.nachname, 'de') ||
  a.vorname.localeCompare(b.vorname, 'de');

function subtitle(pdf: PdfWriter, classNames: readonly string[]): void {
  pdf.text(`Klassen: ${classNames.join(', ')}`, { size: 10, grey: 0.35 });
}

/** The day evaluation: summary, release-times chart, table of the day's records. */
export function dayPdf(day: string, rows: readonly EvaluationRow[], classNames: readonly string[]): Promise<Buffer> {
  const title = `Anwesenheitsstatistik ${formatGermanDate(day)}`;
  return renderPdf({ title }, (pdf) => {
    pdf.title(title, { size: 18 });
    subtitle(pdf, classNames);
    const released = rows.filter((row) => row.bis !== '').length;
    pdf.paragraph(`Anwesend: ${childCount(rows.length)}, davon entlassen: ${released}`);
    barChart(pdf, 'Entlasszeiten', releaseTimeBars(rows));
    pdf.heading('Anwesenheiten');
    pdf.table({
      columns: [
        { header: 'Klasse', width: 60 },
        { header: 'Nachname' },
        { header: 'Vorname' },
        { header: 'von', width: 42 },
        { header: 'bis', width: 42 },
        { header: 'Entlassgrund' },
      ],
      rows: [...rows]
        .sort(byClassAndName)
        .map((row) => [row.klasse, row.nachname, row.vorname, row.von, row.bis || '–', row.grund]),
      size: 9,
    });
  });
}

/** Per child (name and class): the number of days present in the month. */
function childTable(rows: readonly EvaluationRow[]): string[][] {
  const byChild = new Map<string, { row: EvaluationRow; days: number; latest: string }>();
  for (const row of rows) {
    const key = `${row.klasse}\u0000${row.nachname}\u0000${row.vorname}`;
    const entry = byChild.get(key);
    if (entry) {
      entry.days++;
      if (row.bis > entry.latest) entry.latest = row.bis;
    } else byChild.set(key, { row, days: 1, latest: row.bis });
  }
  return [...byChild.values()]
    .sort((a, b) => byClassAndName(a.row, b.row))
    .map((entry) => [entry.row.klasse, entry.row.nachname, entry.row.vorname, String(entry.days), entry.latest || '–']);
}

/** The files of a month evaluation in ZIP order: name and how to make its bytes. */
export function monthEntries(
  month: string,
  rows: readonly EvaluationRow[],
  options: EvaluationOptions,
  classNames: readonly string[],
): { name: string; make: () => Promise<Buffer> }[] {
  const monthTitle = germanMonthLabel(month);
  const document = (title: string, build: (pdf: PdfWriter) => void) => () =>
    renderPdf({ title }, (pdf) => {
      pdf.title(title, { size: 18 });
      subtitle(pdf, classNames);
      build(pdf);
    });
  const entries: { name: string; make: () => Promise<Buffer> }[] = [];
  if (options.anwesenheitsdiagramm) {
    entries.push({
      name: 'Anwesenheit_Diagramm.pdf',
      make: document(`Anwesenheit ${monthTitle}`, (pdf) =>
        barChart(pdf, 'Anzahl anwesender Kinder je Tag', attendanceBars(month, rows)),
      ),
    });
  }
  if (options.entlasszeitendiagramm) {
    entries.push({
      name: 'Entlasszeiten_Diagramm.pdf',
      make: document(`Entlasszeiten ${monthTitle}`, (pdf) =>
        barChart(pdf, 'Entlassungen je Viertelstunde', releaseTimeBars(rows)),
      ),
    });
  }
  if (options.tabelleKinder) {
    entries.push({
      name: 'Anwesenheit_Kinder.pdf',
      make: document(`Anwesenheit aller Kinder ${monthTitle}`, (pdf) =>
        pdf.table({
          columns: [
            { header: 'Klasse', width: 60 },
            { header: 'Nachname' },
            { header: 'Vorname' },
            { header: 'Tage anwesend', width: 80, align: 'right' },
            { header: 'Späteste Entlassung', width: 100 },
          ],
          rows: childTable(rows),
          size: 9,
        }),
      ),
    });
  }
  if (options.tabelleEntlasszeiten) {
    entries.push({
      name: 'Entlasszeiten_Tabelle.pdf',
      make: document(`Entlasszeiten ${monthTitle}`, (pdf) => {
        const bars = releaseTimeBars(rows);
        const total = Math.max(1, rows.length);
        pdf.table({
          columns: [
            { header: 'Entlasszeit' },
            { header: 'Anzahl', align: 'right' },
            { header: 'Anteil', align: 'right' },
          ],
          rows: bars.map((bar) => [
            bar.label,
            String(bar.count),
            `${((bar.count * 100) / total).toFixed(1).replace('.', ',')} %`,
          ]),
        });
      }),
    });
  }
  if (options.tagesuebersichten) {
    const days = [...new Set(rows.map((row) => row.tag))].sort();
    for (const day of days) {
      entries.push({
        name: `Tagesuebersichten/${day}.pdf`,
        make: () =>
          dayPdf(
            day,
            rows.filter((row) => row.tag === day),
            classNames,
          ),
      });
    }
  }
  return entries;
}

/**
 * Streams the month ZIP into `out`: each PDF is made only when yazl is ready for it, so at most one
 * PDF is held in memory.
 */
export async function writeMonthZip(entries: ReturnType<typeof monthEntries>, out: Writable): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    // PDF streams are compressed already: storing them saves the CPU of a second deflate.
    zip.addReadStreamLazy(entry.name, { compress: false }, (callback) => {
      entry.make().then(
        (bytes) => callback(null, Readable.from([bytes])),
        (error: unknown) => callback(error, Readable.from([])),
      );
    });
  }
  zip.end();
  await pipeline(zip.outputStream, out);
}
