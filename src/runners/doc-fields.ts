/**
 * Tolerant readers for the check document a runner receives: a type's own fields are unknown to the runner contract,
 * and a document stored by an older version may lack a field, common or not, so every read keeps a fallback.
 */

export type Doc = Record<string, unknown>

export const asDoc = (v: unknown): Doc => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Doc) : {})
export const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback)
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
export const bool = (v: unknown, fallback = false): boolean => (typeof v === 'boolean' ? v : fallback)

export const keyValues = (v: unknown): Array<{ key: string; value: string; locked: boolean }> =>
  Array.isArray(v)
    ? v
        .map(asDoc)
        .filter((kv) => typeof kv.key === 'string' && kv.key !== '')
        .map((kv) => ({ key: str(kv.key), value: str(kv.value), locked: bool(kv.locked) }))
    : []

export const ipFamily = (v: unknown): 'IPv4' | 'IPv6' => (v === 'IPv6' ? 'IPv6' : 'IPv4')

/** The response-time limits and shouldFail flag shared by every check type. */
export const limits = (doc: Doc) => ({
  degradedResponseTime: num(doc.degradedResponseTime),
  maxResponseTime: num(doc.maxResponseTime),
  shouldFail: bool(doc.shouldFail),
})
