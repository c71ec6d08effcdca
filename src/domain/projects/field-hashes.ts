/**
 * What a deploy remembers of a payload (pure): the SHA-256 of the canonical JSON of each top-level field, so that
 * the next deploy sees which fields changed without the payload (and the secrets it may hold) being stored.
 */
import { hashSecret } from '../../lib/ids.js'
import { MAX_JSON_DEPTH, TOO_DEEP } from '../../lib/json-walk.js'
import { ValidationError } from '../errors.js'
import type { ResourcePayload } from './deploy-request.js'

export type FieldHashes = Record<string, string>

/**
 * JSON with object keys sorted at every depth (array order kept), so equal values always read the same. It
 * recurses, so a value nested deeper than a request body may be is refused (400) rather than overflow the stack.
 */
export function canonicalJson(value: unknown, depth = 1): string {
  const isContainer = value !== null && typeof value === 'object'
  if (isContainer && depth > MAX_JSON_DEPTH) throw new ValidationError({ body: TOO_DEEP })
  if (Array.isArray(value)) return `[${value.map((v: unknown) => canonicalJson(v === undefined ? null : v, depth + 1)).join(',')}]`
  if (isContainer) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v, depth + 1)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** field → SHA-256 (hex) of its canonical JSON; fields whose value is undefined are left out. */
export function fieldHashes(payload: ResourcePayload): FieldHashes {
  const hashes: FieldHashes = {}
  for (const [field, value] of Object.entries(payload)) if (value !== undefined) hashes[field] = hashSecret(canonicalJson(value))
  return hashes
}

/** The fields whose hash differs, or that only one side has, sorted. */
export function changedFields(before: FieldHashes, after: FieldHashes): string[] {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...fields].filter((f) => before[f] !== after[f]).sort()
}
