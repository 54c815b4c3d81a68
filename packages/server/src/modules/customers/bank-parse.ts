import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { eachCsvRecord, csvSeparator } from '@hortus/contract/csv';
import { parseCents, type UploadedFile } from '@hortus/contract';
import { BANK_LINES_MAX, bankMessages } from '@hortus/contract/modules/customers';
import { invalid } from '../../platform/http/calls';
import { decodeCsv } from '../../platform/import/sheet-worker';
import { headerKey, parseImportDate } from '../../platform/import/table';

/**
 * Reading bank statements (issue 45), all before anything is written: CAMT.053 (ISO 20022
 * BankToCustomerStatement, camt.053.001.02 to .08) with fast-xml-parser — no DOCTYPE or entities, broken XML
 * refused with its line — and the CSV exports of Sparkasse (CSV-CAMT V2), DKB and ING, each found by its
 * header row. At most BANK_LINES_MAX bookings; only booked ones (not pending). German messages on the field
 * the statement came in (`file` or `inhalt`).
 */

export interface StatementLine {
  /** The unique key: the bank's reference (AcctSvcrRef) where it gives one, else a hash. */
  schluessel: string;
  nr: number;
  datum: string;
  /** Signed cents: credits positive. */
  betrag: number;
  waehrung: string;
  name: string;
  iban: string;
  verwendungszweck: string;
}

export interface Statement {
  format: string;
  konto: string;
  lines: StatementLine[];
}

interface RawLine extends Omit<StatementLine, 'schluessel' | 'nr'> {
  /** The bank's own reference of the booking ('' when none). */
  ref: string;
}

/** Reads the sent statement (uploaded file or text). */
export async function readStatement(input: { file?: UploadedFile | undefined; inhalt?: string | undefined }) {
  if (input.file && input.inhalt !== undefined && input.inhalt !== '') throw invalid('file', bankMessages.bothInputs);
  const field = input.file ? 'file' : 'inhalt';
  let bytes: Buffer;
  if (input.file) bytes = await fs.promises.readFile(input.file.path);
  else if (input.inhalt !== undefined && input.inhalt.trim() !== '') bytes = Buffer.from(input.inhalt, 'utf8');
  else throw invalid('file', bankMessages.noInput);
  return parseStatement(bytes, field);
}

/** A statement's bytes as bookings with their keys; refused with a German message on `field`. */
export function parseStatement(bytes: Buffer, field: string): Statement {
  const text = decodeCsv(bytes);
  const read = text.trimStart().startsWith('<') ? readCamt(text, field) : readCsv(text, field);
  if (read.lines.length === 0) throw invalid(field, bankMessages.noLines);
  return { format: read.format, konto: read.konto, lines: withKeys(read.konto, read.lines) };
}

/** Keys: 'ref:<account>:<AcctSvcrRef>', else 'sha:<hash of day, amount, reference, IBAN>' (#2… when repeated). */
function withKeys(konto: string, lines: RawLine[]): StatementLine[] {
  const seen = new Map<string, number>();
  return lines.map(({ ref, ...line }, index) => {
    const base =
      ref !== ''
        ? `ref:${konto}:${ref}`.slice(0, 180)
        : `sha:${createHash('sha256')
            .update([line.datum, line.betrag, line.verwendungszweck, line.iban].join('\u0000'))
            .digest('hex')
            .slice(0, 40)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { ...line, schluessel: count === 1 ? base : `${base}#${count}`, nr: index + 1 };
  });
}

function tooMany(field: string, lines: readonly unknown[]): void {
  if (lines.length > BANK_LINES_MAX) throw invalid(field, bankMessages.tooManyLines(BANK_LINES_MAX));
}

// ---------------------------------------------------------------- CAMT.053

type Node = Record<string, unknown>;
const ARRAYS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ARRAYS.has(name),
});

const node = (value: unknown): Node => (typeof value === 'object' && value !== null ? (value as Node) : {});
const list = (value: unknown): Node[] =>
  Array.isArray(value) ? value.map(node) : value === undefined ? [] : [node(value)];
/** The text of a path of elements ('' when absent); an element with attributes keeps its text in '#text'. */
function textAt(value: unknown, ...path: string[]): string {
  let current: unknown = value;
  for (const key of path) current = node(current)[key];
  if (typeof current === 'string') return current.trim();
  if (typeof current === 'object' && current !== null && typeof (current as Node)['#text'] === 'string')
    return ((current as Node)['#text'] as string).trim();
  return '';
}
const firstText = (value: unknown, paths: readonly string[][]) =>
  paths.map((path) => textAt(value, ...path)).find((text) => text !== '') ?? '';

function readCamt(text: string, field: string): { format: string; konto: string; lines: RawLine[] } {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw invalid(field, bankMessages.doctype);
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw invalid(field, bankMessages.brokenXml(valid.err.line));
  const statements = list(node(node(parser.parse(text) as unknown).Document).BkToCstmrStmt);
  const version = /camt\.053\.001\.(\d{2})/.exec(text)?.[1];
  if (statements.length === 0 || !version) throw invalid(field, bankMessages.notCamt);
  const lines: RawLine[] = [];
  let konto = '';
  for (const statement of list(statements[0]?.Stmt)) {
    konto ||= textAt(statement, 'Acct', 'Id', 'IBAN');
    for (const entry of list(statement.Ntry)) {
      lines.push(...entryLines(entry, field, lines.length));
      tooMany(field, lines);
    }
  }
  return { format: `CAMT.053 (camt.053.001.${version})`, konto, lines };
}

/** One booking per transaction of a booked entry (a batch entry holds several). */
function entryLines(entry: Node, field: string, before: number): RawLine[] {
  const status = firstText(entry, [['Sts', 'Cd'], ['Sts']]);
  if (status !== '' && status !== 'BOOK') return [];
  const credit = textAt(entry, 'CdtDbtInd') === 'CRDT';
  const datum = parseImportDate(
    firstText(entry, [
      ['BookgDt', 'Dt'],
      ['BookgDt', 'DtTm'],
      ['ValDt', 'Dt'],
      ['ValDt', 'DtTm'],
    ]).slice(0, 10),
  );
  if (!datum) throw invalid(field, bankMessages.badLine(before + 1, 'Das Buchungsdatum'));
  const entryRef = textAt(entry, 'AcctSvcrRef');
  const details = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
  const transactions = details.length > 0 ? details : [{}];
  return transactions.map((tx, index) => {
    const amountText =
      (transactions.length > 1 ? firstText(tx, [['Amt'], ['AmtDtls', 'TxAmt', 'Amt']]) : '') || textAt(entry, 'Amt');
    // ISO 20022 amounts are decimals with a point ('119.00'); 'parseCents' would read '119.001' the German way.
    const cents = /^\d{1,12}(\.\d{1,2})?$/.test(amountText) ? parseCents(amountText) : null;
    if (cents === null) throw invalid(field, bankMessages.badLine(before + index + 1, 'Der Betrag'));
    const party = credit ? 'Dbtr' : 'Cdtr';
    // Ustrd is always a list (the parser's isArray): strings, or objects when they carry attributes.
    const ustrd = node(tx.RmtInf).Ustrd;
    const reference = (Array.isArray(ustrd) ? ustrd : [])
      .map((u: unknown) => (typeof u === 'string' ? u.trim() : textAt(u)))
      .join(' ');
    return {
      ref:
        textAt(tx, 'Refs', 'AcctSvcrRef') ||
        (entryRef !== '' ? (transactions.length > 1 ? `${entryRef}/${index + 1}` : entryRef) : ''),
      datum,
      betrag: credit ? cents : -cents,
      waehrung: firstText(entry, [['Amt', '@Ccy']]) || 'EUR',
      name: firstText(tx, [
        ['RltdPties', party, 'Nm'],
        ['RltdPties', party, 'Pty', 'Nm'],
      ]),
      iban: firstText(tx, [['RltdPties', `${party}Acct`, 'Id', 'IBAN']]),
      verwendungszweck:
        reference || firstText(tx, [['RmtInf', 'Strd', 'CdtrRefInf', 'Ref']]) || textAt(entry, 'AddtlNtryInf'),
    };
  });
}

// ---------------------------------------------------------------- CSV exports

interface CsvLayout {
  format: string;
  /** Header keys (headerKey) that identify the layout; all must be present. */
  needs: readonly string[];
  datum: string;
  betrag: string;
  zweck: string;
  iban: string;
  /** The counterparty's column for credits and for debits. */
  nameCredit: string;
  nameDebit: string;
  waehrung?: string;
  konto?: string;
  /** A column saying whether the booking is pending, and the text that says so. */
  status?: { column: string; pending: RegExp };
}

const LAYOUTS: readonly CsvLayout[] = [
  {
    format: 'Sparkasse CSV-CAMT V2',
    needs: ['auftragskonto', 'buchungstag', 'valutadatum', 'verwendungszweck', 'beguenstigterzahlungspflichtiger'],
    datum: 'buchungstag',
    betrag: 'betrag',
    zweck: 'verwendungszweck',
    iban: 'kontonummeriban',
    nameCredit: 'beguenstigterzahlungspflichtiger',
    nameDebit: 'beguenstigterzahlungspflichtiger',
    waehrung: 'waehrung',
    konto: 'auftragskonto',
    status: { column: 'info', pending: /vorgemerkt/i },
  },
  {
    format: 'DKB CSV',
    needs: ['buchungsdatum', 'wertstellung', 'zahlungspflichtiger', 'zahlungsempfaengerin', 'betrag'],
    datum: 'buchungsdatum',
    betrag: 'betrag',
    zweck: 'verwendungszweck',
    iban: 'iban',
    nameCredit: 'zahlungspflichtiger',
    nameDebit: 'zahlungsempfaengerin',
    status: { column: 'status', pending: /vorgemerkt/i },
  },
  {
    format: 'ING CSV',
    needs: ['buchung', 'auftraggeberempfaenger', 'verwendungszweck', 'betrag'],
    datum: 'buchung',
    betrag: 'betrag',
    zweck: 'verwendungszweck',
    iban: 'iban',
    nameCredit: 'auftraggeberempfaenger',
    nameDebit: 'auftraggeberempfaenger',
    waehrung: 'waehrung',
  },
];

/** The header row is found among the first rows (DKB and ING write account lines above it). */
const HEADER_SEARCH_ROWS = 30;
const IBAN = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?)\b/;

function readCsv(text: string, field: string): { format: string; konto: string; lines: RawLine[] } {
  const reader = eachCsvRecord(text, csvSeparator(text.split(/\r?\n/).find((l) => /buch/i.test(l)) ?? text));
  const preamble: string[][] = [];
  let layout: CsvLayout | undefined;
  let columns = new Map<string, number>();
  for (let next = reader.next(); !next.done && preamble.length < HEADER_SEARCH_ROWS; next = reader.next()) {
    const keys = next.value.cells.map(headerKey);
    layout = LAYOUTS.find((candidate) => candidate.needs.every((key) => keys.includes(key)));
    if (layout) {
      columns = new Map(keys.map((key, index) => [key, index] as const).reverse());
      break;
    }
    preamble.push(next.value.cells);
  }
  if (!layout) throw invalid(field, bankMessages.unknownLayout);
  const cell = (cells: readonly string[], key: string | undefined) =>
    key === undefined ? '' : (cells[columns.get(key) ?? -1] ?? '').trim();
  const lines: RawLine[] = [];
  let konto = '';
  for (const row of preamble) konto ||= IBAN.exec(row.join(' '))?.[1]?.replace(/ /g, '') ?? '';
  let zeile = 0;
  for (let next = reader.next(); !next.done; next = reader.next()) {
    const cells = next.value.cells;
    if (cells.every((c) => c.trim() === '')) continue;
    zeile += 1;
    if (layout.status && layout.status.pending.test(cell(cells, layout.status.column))) continue;
    const datum = parseImportDate(cell(cells, layout.datum));
    if (!datum) throw invalid(field, bankMessages.badLine(zeile, 'Das Buchungsdatum'));
    const cents = parseCents(cell(cells, layout.betrag).replace(/[\s€]|EUR/g, ''), { allowNegative: true });
    if (cents === null) throw invalid(field, bankMessages.badLine(zeile, 'Der Betrag'));
    konto ||= cell(cells, layout.konto).replace(/ /g, '');
    lines.push({
      ref: '',
      datum,
      betrag: cents,
      waehrung: cell(cells, layout.waehrung) || 'EUR',
      name: cell(cells, cents >= 0 ? layout.nameCredit : layout.nameDebit),
      iban: cell(cells, layout.iban).replace(/ /g, ''),
      verwendungszweck: cell(cells, layout.zweck),
    });
    tooMany(field, lines);
  }
  return { format: layout.format, konto, lines };
}
