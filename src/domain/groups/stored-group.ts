/** A check group's stored document as read back from its table, typed for the layers that read it. */
import type { StoredCheckGroupDoc } from './schema.js'

/**
 * The table holds only documents buildGroupDoc wrote, of this version or an older one (which may lack fields added
 * since, as StoredCheckGroupDoc allows). The name, which every version stored and the table indexes, is read as text;
 * the other fields are taken as they were written. The raw row's document is untyped JSON, hence the record here.
 */
export const storedGroupDoc = (raw: Record<string, unknown>): StoredCheckGroupDoc => ({ ...raw, name: String(raw.name) })
