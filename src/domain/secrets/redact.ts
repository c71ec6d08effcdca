/**
 * Redaction of secret values (pure): every occurrence of a secret, in any of the forms of forms.ts, becomes
 * `*****`, in strings and deeply in JSON-like values (object keys included).
 *
 * Rules:
 * - Secret values shorter than MIN_SECRET_LENGTH characters (ignoring surrounding whitespace) are not redacted: a
 *   one- or two-character value protects nothing (it is guessed in a few thousand tries) and replacing every `a`
 *   or `1` would make logs and bodies unreadable. Every value of three characters or more is redacted wherever
 *   it appears, even where that also hides unrelated text.
 * - Overlapping or adjacent occurrences (of one secret or of several) are merged and replaced as one `*****`, so a
 *   secret that overlaps another never leaves a piece of itself behind.
 * - Output is cut in places: log lines, assertion values and script errors end in `…` where they were cut, and
 *   bodies are cut at 64 KiB without a mark. Text right before a `…`, and the end of a string of LONG_TEXT
 *   characters or more, that ends with the first MIN_PARTIAL_LENGTH or more characters of a secret form is taken
 *   to have been cut through that secret, and that piece is redacted too. (The end of a short string is not: a
 *   header value that merely ends like the start of a secret is left alone.)
 *
 * Cost: one combined regular expression tells whether a string holds any form at all, so the common case (no
 * secret in it) is a single native scan; the precise search only runs on strings that hold one or were cut.
 */
import { secretForms } from './forms.js'

export const REDACTED = '*****'
export const MIN_SECRET_LENGTH = 3
export const MIN_PARTIAL_LENGTH = 4
export const LONG_TEXT = 1000

export interface Redactor {
  /** `text` with every secret replaced by `*****`. */
  text(text: string): string
  /** A copy of a JSON-like value with every string (keys too) redacted, as JSON.stringify would see it. */
  deep<T>(value: T): T
}

type Span = [start: number, end: number]

function fullSpans(text: string, forms: readonly string[], spans: Span[]): void {
  for (const form of forms) {
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) spans.push([at, at + form.length])
  }
}

/** Where the text may have been cut: before each `…`, and at the end of a long text. */
function cutEnds(text: string): number[] {
  const ends: number[] = []
  for (let at = text.indexOf('…'); at !== -1; at = text.indexOf('…', at + 1)) ends.push(at)
  if (text.length >= LONG_TEXT) ends.push(text.length)
  return ends
}

/** At each cut, the longest proper prefix (of at least MIN_PARTIAL_LENGTH characters) of a form ending there. */
function cutSpans(text: string, ends: readonly number[], forms: readonly string[], spans: Span[]): void {
  for (const end of ends) {
    for (const form of forms) {
      const first = form[0] as string
      const last = end - MIN_PARTIAL_LENGTH
      for (let at = text.indexOf(first, Math.max(0, end - form.length + 1)); at !== -1 && at <= last; at = text.indexOf(first, at + 1)) {
        if (form.startsWith(text.slice(at, end))) {
          spans.push([at, end])
          break
        }
      }
    }
  }
}

interface Compiled {
  /** Longest first. */
  forms: string[]
  /** Matches any form: the fast test that most strings fail. */
  any: RegExp
  shortest: number
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function redactText(text: string, c: Compiled): string {
  if (text.length < Math.min(c.shortest, MIN_PARTIAL_LENGTH)) return text
  const whole = c.any.test(text)
  const ends = cutEnds(text)
  if (!whole && ends.length === 0) return text
  const spans: Span[] = []
  if (whole) fullSpans(text, c.forms, spans)
  cutSpans(text, ends, c.forms, spans)
  if (spans.length === 0) return text
  spans.sort((a, b) => a[0] - b[0])
  let out = ''
  let copied = 0
  let open: Span | null = null
  for (const span of spans) {
    if (open && span[0] <= open[1]) open[1] = Math.max(open[1], span[1])
    else {
      if (open) {
        out += text.slice(copied, open[0]) + REDACTED
        copied = open[1]
      }
      open = [span[0], span[1]]
    }
  }
  if (open) {
    out += text.slice(copied, open[0]) + REDACTED
    copied = open[1]
  }
  return out + text.slice(copied)
}

function redactValue(value: unknown, text: (s: string) => string): unknown {
  if (typeof value === 'string') return text(value)
  if (value === null || typeof value !== 'object') return value
  const json = (value as { toJSON?: unknown }).toJSON
  if (typeof json === 'function') return redactValue((json as () => unknown).call(value), text)
  if (Array.isArray(value)) return value.map((item) => redactValue(item, text))
  // fromEntries defines each key as its own: assigning a `__proto__` key a run produced would set the copy's prototype.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [text(key), redactValue(item, text)]))
}

/** The distinct secret values that are redacted (long enough, non-empty). */
export function redactableSecrets(values: Iterable<string>): string[] {
  const kept = new Set<string>()
  for (const v of values) if (typeof v === 'string' && v.trim().length >= MIN_SECRET_LENGTH) kept.add(v)
  return [...kept]
}

/** A redactor for these secret values, or null when none of them is redactable (so callers skip the work). */
export function createRedactor(values: Iterable<string>): Redactor | null {
  const secrets = redactableSecrets(values)
  if (secrets.length === 0) return null
  const forms = [...new Set(secrets.flatMap(secretForms))].sort((a, b) => b.length - a.length)
  const compiled: Compiled = { forms, any: new RegExp(forms.map(escapeRegExp).join('|')), shortest: Math.min(...forms.map((f) => f.length)) }
  const text = (s: string) => redactText(s, compiled)
  return {
    text,
    deep: <T>(value: T): T => redactValue(value, text) as T,
  }
}
