// No zod here: the login route's client code uses this without loading the contract's schemas.
/**
 * The form fields of a request as the client sends them: strings as they are, every other value as
 * JSON text (objects, arrays, numbers, booleans); undefined fields are left out. One rule for the web
 * client and the test helper.
 */
export function encodeCallFields(input: Readonly<Record<string, unknown>>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    fields[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return fields;
}
