import { ZipFile } from 'yazl';
import {
  lohnGehaltDescription,
  lohnGehaltFile,
  lohnGehaltFileNames,
  lohnGehaltMessages,
  paidHoursPerDay,
  type LohnGehaltEmployee,
} from '@hortus/contract/modules/payroll';
import type { AppContext } from '../../platform/http/calls';
import { offerFile, type OfferedFile } from '../../platform/files/offer-file';
import { readExportMonth, windows1252Bytes } from './payroll-export';

/** A small ZIP in memory (two text files of a month). */
async function zipOf(files: readonly { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const file of files) zip.addBuffer(file.bytes, file.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * lohnGehaltExport: the hours the month's saved payrolls pay, per employee, DATEV Lohnart and — where the
 * payroll has days (hourly wages) — calendar day, as movement data for DATEV Lohn und Gehalt's ASCII import,
 * with the record description the payroll office reads in once; both Windows-1252 in one ZIP, kept for the
 * caller under temp/<user>/ and fetched through download.php. The month and its gaps are read and refused as
 * for LODAS (`readExportMonth`); the adviser and client numbers are not in this layout, so not needed.
 */
export async function lohnGehaltExport(
  app: AppContext,
  user: { id: number },
  monat: string,
): Promise<OfferedFile & { hinweise?: string[] }> {
  const month = await readExportMonth(app, monat, lohnGehaltMessages);
  month.gaps.refuse();
  const employees = month.employees.map((employee): LohnGehaltEmployee => ({
    personalnummer: employee.personalnummer,
    stunden: paidHoursPerDay(employee.data).map((paid) => ({
      lohnart: month.lohnartOf(paid.idLohngruppe),
      datum: paid.datum,
      hundredths: paid.hundredths,
    })),
  }));
  const names = lohnGehaltFileNames(monat);
  const zip = await zipOf([
    { name: names.data, bytes: windows1252Bytes(lohnGehaltFile(employees), lohnGehaltMessages) },
    { name: names.description, bytes: windows1252Bytes(lohnGehaltDescription(), lohnGehaltMessages) },
  ]);
  const offered = await offerFile(
    { app, user },
    { name: names.zip, mime: 'application/zip', bytes: zip },
    { via: 'download', key: `lohn-gehalt-${monat}.zip` },
  );
  return { ...offered, ...(month.hinweise.length > 0 ? { hinweise: month.hinweise } : {}) };
}
