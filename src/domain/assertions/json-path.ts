/**
 * JSONPath for assertions: RFC 9535 (jsonpath-rfc9535, which passes the compliance suite and never evaluates
 * code) plus a `.length` extension (the length of an array or string). Pure.
 */
import { query, type JsonValue } from 'jsonpath-rfc9535'

export type JsonPathOutcome = { ok: true; matches: unknown[] } | { ok: false; error: string }

const LENGTH_SUFFIX = /\.length$/

const run = (doc: unknown, path: string): unknown[] => query(doc as JsonValue, path)

/**
 * Evaluates `path` (empty means `$`) against `doc`. A trailing `.length` that selects nothing as a member
 * selects the length of each array or string the rest of the path selects instead.
 */
export function evaluateJsonPath(doc: unknown, path: string): JsonPathOutcome {
  const expression = path.trim() === '' ? '$' : path.trim()
  if (!expression.startsWith('$')) return { ok: false, error: `JSONPath ${JSON.stringify(expression)} must start with $` }
  try {
    const matches = run(doc, expression)
    if (matches.length > 0 || !LENGTH_SUFFIX.test(expression)) return { ok: true, matches }
    const base = run(doc, expression.replace(LENGTH_SUFFIX, ''))
    const lengths = base.filter((v) => Array.isArray(v) || typeof v === 'string').map((v) => (v as unknown[] | string).length)
    return { ok: true, matches: lengths }
  } catch (err) {
    return { ok: false, error: `invalid JSONPath ${JSON.stringify(expression)}: ${(err as Error).message}` }
  }
}
