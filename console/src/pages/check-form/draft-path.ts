/** Reading and writing a draft (the check or group object as the API shows it) by dotted path, immutably. */
import type { FieldErrors } from '../../ui/form'

export type Doc = Record<string, unknown>

const isDoc = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v)

export function getIn(doc: Doc, path: string): unknown {
  let cur: unknown = doc
  for (const key of path.split('.')) {
    if (!isDoc(cur)) return undefined
    cur = cur[key]
  }
  return cur
}

/** A copy of `doc` with `path` set to `value` (objects on the way are created or copied). */
export function setIn(doc: Doc, path: string, value: unknown): Doc {
  const [head, ...rest] = path.split('.')
  if (head === undefined) return doc
  if (rest.length === 0) return { ...doc, [head]: value }
  const inner = isDoc(doc[head]) ? (doc[head] as Doc) : {}
  return { ...doc, [head]: setIn(inner, rest.join('.'), value) }
}

export const str = (doc: Doc, path: string, fallback = ''): string => {
  const v = getIn(doc, path)
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback
}
export const num = (doc: Doc, path: string): number | null => {
  const v = getIn(doc, path)
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}
export const bool = (doc: Doc, path: string, fallback = false): boolean => {
  const v = getIn(doc, path)
  return typeof v === 'boolean' ? v : fallback
}
export const list = <T = Doc>(doc: Doc, path: string): T[] => {
  const v = getIn(doc, path)
  return Array.isArray(v) ? (v as T[]) : []
}

/** What every section of a form receives: the draft, a setter by path, the API's field errors. */
export interface SectionProps {
  draft: Doc
  set: (path: string, value: unknown) => void
  errors: FieldErrors
}
