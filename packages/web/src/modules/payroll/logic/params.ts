/** The id of a query parameter (?em_idm=, ?la_idm=): a whole number ≥ 0, else null (no dialog). */
export function idParam(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}
