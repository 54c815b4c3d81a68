import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/** The vendored Factur-X 1.07.3 EN 16931 schema (test/fixtures/factur-x/README.md) and the three it imports. */
const folder = fileURLToPath(new URL('../fixtures/factur-x/', import.meta.url));
const MAIN = 'Factur-X_1.07.3_EN16931.xsd';
const IMPORTED = [
  'QualifiedDataType_100',
  'ReusableAggregateBusinessInformationEntity_100',
  'UnqualifiedDataType_100',
].map((name) => `Factur-X_1.07.3_EN16931_urn_un_unece_uncefact_data_standard_${name}.xsd`);
const file = (fileName: string) => ({ fileName, contents: readFileSync(folder + fileName, 'utf8') });
const schema = file(MAIN);
const preload = IMPORTED.map(file);

/**
 * Validates a CII XML against the Factur-X EN 16931 XSD offline (libxml2 as WebAssembly); the schema errors
 * (element, line and message), [] when valid.
 */
export async function facturXSchemaErrors(xml: string, fileName = 'factur-x.xml'): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName, contents: xml }], schema: [schema], preload });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}
