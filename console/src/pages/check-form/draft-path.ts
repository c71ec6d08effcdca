/** Reading and writing a draft (the check or group object as the API shows it) by path (`a.b`, `a[0].b`), immutably. */
import type { FieldErrors } from '../../ui/form'

export type Doc = Record<string, unknown>

const isDoc = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Path segments: `a.b[0].c` and `a.b.0.c` alike. */
const segments = (path: string): string[] =>
  path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((k) => k !== '')
const isIndex = (key: string): boolean => /^\d+$/.test(key)

export function getIn(doc: Doc, path: string): unknown {
  let cur: unknown = doc
  for (const key of segments(path)) {
    if (Array.isArray(cur) && isIndex(key)) cur = cur[Number(key)]
    else if (isDoc(cur)) cur = cur[key]
    else return undefined
  }
  return cur
}

function setAt(container: unknown, keys: string[], value: unknown): unknown {
  const [head, ...rest] = keys
  if (head === undefined) return value
  if (Array.isArray(container) && isIndex(head)) {
    const copy = [...container]
    copy[Number(head)] = setAt(container[Number(head)], rest, value)
    return copy
  }
  const base = isDoc(container) ? container : {}
  return { ...base, [head]: setAt(base[head], rest, value) }
}

/** A copy of `doc` with `path` set to `value` (objects on the way are created or copied; lists stay lists). */
export function setIn(doc: Doc, path: string, value: unknown): Doc {
  return segments(path).length === 0 ? doc : (setAt(doc, segments(path), value) as Doc)
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
