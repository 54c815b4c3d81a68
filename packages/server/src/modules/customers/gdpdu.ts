import { csvCell } from '@hortus/contract';
import { xmlEscape } from './cii-xml';

/**
 * The 'Beschreibungsstandard für die Datenträgerüberlassung' (GDPdU/GoBD Z3, Audicon for the tax
 * administration's IDEA) as far as the GoBD export uses it: one Media of VariableLength tables (CSV, ';',
 * CRLF, '"' around text), UTF-8, decimal comma, dates DD.MM.YYYY, a header line skipped by Range From 2, the
 * validity period per table, primary and foreign keys. index.xml names the DTD of version 1.5 of 1 September
 * 2004, which lies beside it in the ZIP (GDPDU_DTD).
 */

export type GdpduType = { kind: 'text' } | { kind: 'number'; accuracy: number } | { kind: 'date' };

export interface GdpduColumn {
  name: string;
  description: string;
  type: GdpduType;
  /** Part of the table's primary key (written first, as VariablePrimaryKey). */
  key?: boolean;
}

export interface GdpduTable {
  /** File name in the ZIP, e.g. 'rechnungen.csv'. */
  url: string;
  name: string;
  description: string;
  columns: readonly GdpduColumn[];
  /** Cells as written (numbers '1234,50', dates '31.12.2025'), in the order of `columns`. */
  rows: readonly (readonly string[])[];
  /** Columns referring to another table's primary key (same column names there). */
  foreignKeys?: readonly { columns: readonly string[]; references: string }[];
}

export const text = (name: string, description: string, key = false): GdpduColumn => ({
  name,
  description,
  type: { kind: 'text' },
  key,
});
export const number = (name: string, description: string, accuracy = 2, key = false): GdpduColumn => ({
  name,
  description,
  type: { kind: 'number', accuracy },
  key,
});
export const date = (name: string, description: string): GdpduColumn => ({ name, description, type: { kind: 'date' } });

/**
 * One record per line: text cells quoted and formula-guarded by the contract's `csvCell` (line breaks inside a
 * text become spaces, so a record is one line), numbers and dates as they are (they hold neither ';' nor '"').
 */
function csvLine(columns: readonly GdpduColumn[], cells: readonly string[]): string {
  return columns
    .map((column, index) => {
      const cell = cells[index] ?? '';
      return column.type.kind === 'text' ? csvCell(cell.replace(/\r\n|[\r\n]/g, ' ')) : cell;
    })
    .join(';');
}

/** The table's CSV: a header line with the column names, then the records, each ended by CRLF (UTF-8). */
export function gdpduCsv(table: GdpduTable): string {
  const header = table.columns.map((column) => csvCell(column.name)).join(';');
  return [header, ...table.rows.map((row) => csvLine(table.columns, row))].map((line) => `${line}\r\n`).join('');
}

const element = (name: string, content: string) => `<${name}>${content}</${name}>`;
const textElement = (name: string, value: string) => element(name, xmlEscape(value));

function columnXml(column: GdpduColumn): string {
  const type =
    column.type.kind === 'text'
      ? '<AlphaNumeric/>'
      : column.type.kind === 'date'
        ? element('Date', '<Format>DD.MM.YYYY</Format>')
        : element('Numeric', textElement('Accuracy', String(column.type.accuracy)));
  const tag = column.key ? 'VariablePrimaryKey' : 'VariableColumn';
  return `        ${element(tag, textElement('Name', column.name) + textElement('Description', column.description) + type)}`;
}

function tableXml(table: GdpduTable, validity: { from: string; to: string }): string {
  // The DTD wants every primary key column before the other columns.
  const keys = table.columns.filter((column) => column.key);
  if (table.columns.slice(0, keys.length).some((column) => !column.key))
    throw new Error(`${table.url}: the primary key columns must come first.`);
  return [
    '    <Table>',
    `      ${textElement('URL', table.url)}`,
    `      ${textElement('Name', table.name)}`,
    `      ${textElement('Description', table.description)}`,
    `      ${element('Validity', element('Range', textElement('From', validity.from) + textElement('To', validity.to)) + '<Format>DD.MM.YYYY</Format>')}`,
    '      <UTF8/>',
    '      <DecimalSymbol>,</DecimalSymbol>',
    '      <DigitGroupingSymbol>.</DigitGroupingSymbol>',
    '      <Range><From>2</From></Range>',
    '      <VariableLength>',
    '        <ColumnDelimiter>;</ColumnDelimiter>',
    '        <RecordDelimiter>&#13;&#10;</RecordDelimiter>',
    '        <TextEncapsulator>"</TextEncapsulator>',
    ...table.columns.map(columnXml),
    ...(table.foreignKeys ?? []).map(
      (foreign) =>
        `        ${element('ForeignKey', foreign.columns.map((name) => textElement('Name', name)).join('') + textElement('References', foreign.references))}`,
    ),
    '      </VariableLength>',
    '    </Table>',
  ].join('\n');
}

/**
 * index.xml of a Media with the tables: `supplier` names who supplies the data (DataSupplier: name, location,
 * comment), `validity` the period the tables cover (DD.MM.YYYY).
 */
export function gdpduIndexXml(
  media: string,
  tables: readonly GdpduTable[],
  supplier: { name: string; location: string; comment: string },
  validity: { from: string; to: string },
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE DataSet SYSTEM "gdpdu-01-09-2004.dtd">',
    '<DataSet>',
    '  <Version>1.0</Version>',
    `  ${element('DataSupplier', textElement('Name', supplier.name) + textElement('Location', supplier.location) + textElement('Comment', supplier.comment))}`,
    '  <Media>',
    `    ${textElement('Name', media)}`,
    ...tables.map((table) => tableXml(table, validity)),
    '  </Media>',
    '</DataSet>',
    '',
  ].join('\n');
}

/**
 * The element declarations of the Beschreibungsstandard's DTD, version 1.5 of 1 September 2004
 * (gdpdu-01-09-2004.dtd), written from the published DTD: 1.1 (1 August 2002) with Alias (1.2), Extension (1.3),
 * AcceptNoTables and optional Tables (1.4) and several Alias per ForeignKey (1.5). The comments are ours.
 */
export const GDPDU_DTD = `<?xml version="1.0" encoding="UTF-8"?>
<!-- Beschreibungsstandard für die Datenträgerüberlassung (GDPdU), Version 1.5 vom 01.09.2004 -->

<!-- Simple types -->
<!ELEMENT Version (#PCDATA)>
<!ELEMENT Location (#PCDATA)>
<!ELEMENT Comment (#PCDATA)>
<!ELEMENT Length (#PCDATA)>
<!ELEMENT References (#PCDATA)>
<!ELEMENT From (#PCDATA)>
<!ELEMENT To (#PCDATA)>
<!ELEMENT AcceptNoTables (#PCDATA)>
<!ELEMENT Alias (From, To)>
<!ELEMENT MaxLength (#PCDATA)>
<!ELEMENT TextEncapsulator (#PCDATA)>
<!ELEMENT Accuracy (#PCDATA)>
<!ELEMENT ImpliedAccuracy (#PCDATA)>
<!ELEMENT Format (#PCDATA)>
<!ELEMENT DecimalSymbol (#PCDATA)>
<!ELEMENT DigitGroupingSymbol (#PCDATA)>
<!ELEMENT Command (#PCDATA)>
<!ELEMENT URL (#PCDATA)>
<!ELEMENT Description (#PCDATA)>
<!ELEMENT Name (#PCDATA)>
<!ELEMENT Epoch (#PCDATA)>
<!ELEMENT ColumnDelimiter (#PCDATA)>
<!ELEMENT RecordDelimiter (#PCDATA)>
<!ELEMENT SkipNumBytes (#PCDATA)>

<!-- Complex types -->
<!ELEMENT Extension (Name, URL)>
<!ELEMENT Range (From, (To | Length)?)>
<!ELEMENT FixedRange (From, (To | Length))>
<!ELEMENT DataSet (Extension*, Version, DataSupplier?, Command*, Media+, Command*)>

<!-- Data types -->
<!ELEMENT AlphaNumeric EMPTY>
<!ELEMENT Date (Format?)>
<!ELEMENT Numeric ((ImpliedAccuracy | Accuracy)?)>

<!-- Code pages (ANSI when none is given) -->
<!ELEMENT ANSI EMPTY>
<!ELEMENT Macintosh EMPTY>
<!ELEMENT OEM EMPTY>
<!ELEMENT UTF16 EMPTY>
<!ELEMENT UTF7 EMPTY>
<!ELEMENT UTF8 EMPTY>

<!-- File formats -->
<!ELEMENT FixedLength ((Length | RecordDelimiter)?, ((FixedPrimaryKey+, FixedColumn*) | (FixedColumn+)), ForeignKey*)>
<!ELEMENT FixedColumn (Name, Description?, (Numeric | AlphaNumeric | Date), Map*, FixedRange)>
<!ELEMENT FixedPrimaryKey (Name, Description?, (Numeric | AlphaNumeric | Date), Map*, FixedRange)>
<!ELEMENT VariableLength (ColumnDelimiter?, RecordDelimiter?, TextEncapsulator?, ((VariablePrimaryKey+, VariableColumn*) | (VariableColumn+)), ForeignKey*)>
<!ELEMENT VariableColumn (Name, Description?, (Numeric | (AlphaNumeric, MaxLength?) | Date), Map*)>
<!ELEMENT VariablePrimaryKey (Name, Description?, (Numeric | (AlphaNumeric, MaxLength?) | Date), Map*)>

<!ELEMENT DataSupplier (Name, Location, Comment)>
<!ELEMENT Media (Name, Command*, Table*, Command*, AcceptNoTables?)>
<!ELEMENT Table (URL, Name?, Description?, Validity?, (ANSI | Macintosh | OEM | UTF16 | UTF7 | UTF8)?, (DecimalSymbol, DigitGroupingSymbol)?, SkipNumBytes?, Range?, Epoch?, (VariableLength | FixedLength))>
<!ELEMENT ForeignKey (Name+, References, Alias*)>
<!ELEMENT Map (Description?, From, To)>
<!ELEMENT Validity (Range, Format?)>
`;
