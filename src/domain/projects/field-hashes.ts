/**
 * What a deploy remembers of a payload (pure): the SHA-256 of the canonical JSON of each top-level field, so that
 * the next deploy sees which fields changed without the payload (and the secrets it may hold) being stored.
 */
import { hashSecret } from '../../lib/ids.js'

export type FieldHashes = Record<string, string>

/** JSON with object keys sorted at every depth (array order kept), so equal values always read the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** field → SHA-256 (hex) of its canonical JSON; fields whose value is undefined are left out. */
export function fieldHashes(payload: Record<string, unknown>): FieldHashes {
  const hashes: FieldHashes = {}
  for (const [field, value] of Object.entries(payload)) if (value !== undefined) hashes[field] = hashSecret(canonicalJson(value))
  return hashes
}

/** The fields whose hash differs, or that only one side has, sorted. */
export function changedFields(before: FieldHashes, after: FieldHashes): string[] {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...fields].filter((f) => before[f] !== after[f]).sort()
}
