/** Integer ids in paths (groups, snippets): anything that is not a stored id is a 404, never a 400 or a 500. */

/** Largest id a PostgreSQL `serial` column holds; a larger number in a path would make the query itself fail. */
const MAX_SERIAL = 2_147_483_647

/** The id as a number, or null when the text cannot be an id (not digits, zero, or out of range). */
export function parseSerialId(raw: string): number | null {
  if (!/^[0-9]{1,10}$/.test(raw)) return null
  const id = Number(raw)
  return id >= 1 && id <= MAX_SERIAL ? id : null
}
