/** Each encoding a secret may be echoed in is redacted whole (pure table tests of domain/secrets/forms.ts). */
import { describe, expect, it } from 'vitest'
import { secretForms } from '../../src/domain/secrets/forms.js'
import { createRedactor, REDACTED } from '../../src/domain/secrets/redact.js'

const R = REDACTED
/** Every character an encoding changes: markup, quotes, `/`, `=`, a back-quote, RFC 3986 reserved marks, non-ASCII. 24 UTF-8 bytes, so its base64 has no padding. */
const SECRET = 'p<a>s&s"w\'o/r=d`é!(1)*?'
const PLAIN = 'hunter2-xyz-long-value'

const bytes = (s: string) => Buffer.from(s, 'utf8')
const jsonInner = (s: string) => JSON.stringify(s).slice(1, -1)
const u = (c: string, upper = false) => {
  const hex = c.charCodeAt(0).toString(16).padStart(4, '0')
  return `\\u${upper ? hex.toUpperCase() : hex}`
}
const entities = (table: Record<string, string>) => (s: string) => [...s].map((c) => table[c] ?? c).join('')
const BASIC_HTML = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

const ENCODINGS: Array<[string, (s: string) => string]> = [
  ['plain', (s) => s],
  ['base64', (s) => bytes(s).toString('base64')],
  ['base64url', (s) => bytes(s).toString('base64url')],
  ['URL-encoded (encodeURIComponent)', (s) => encodeURIComponent(s)],
  ['URL-encoded with lower-case hex', (s) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())],
  ["URL-encoded per RFC 3986 (!'()* too)", (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)],
  ['form-encoded', (s) => new URLSearchParams({ k: s }).toString().slice(2)],
  ['hex, lower case', (s) => bytes(s).toString('hex')],
  ['hex, upper case', (s) => bytes(s).toString('hex').toUpperCase()],
  ['JSON string (JSON.stringify)', jsonInner],
  ['JSON string, ASCII only (Python json.dumps)', (s) => jsonInner(s).replace(/[^\x20-\x7e]/g, (c) => u(c))],
  ['JSON string, ASCII only, upper-case escapes', (s) => jsonInner(s).replace(/[^\x20-\x7e]/g, (c) => u(c, true))],
  [
    'JSON string with escaped slashes (PHP json_encode)',
    (s) =>
      jsonInner(s)
        .replace(/[^\x20-\x7e]/g, (c) => u(c))
        .replace(/\//g, '\\/'),
  ],
  ['JSON string, HTML-safe (Go encoding/json)', (s) => jsonInner(s).replace(/[<>&]/g, (c) => u(c))],
  ['HTML entities (lodash, Handlebars before 4)', entities({ ...BASIC_HTML, "'": '&#39;' })],
  ['HTML entities (Python html.escape)', entities({ ...BASIC_HTML, "'": '&#x27;' })],
  ['HTML entities (Go html.EscapeString)', entities({ ...BASIC_HTML, '"': '&#34;', "'": '&#39;' })],
  ['HTML entities (PHP htmlspecialchars)', entities({ ...BASIC_HTML, "'": '&#039;' })],
  ['HTML entities (XML, &apos;)', entities({ ...BASIC_HTML, "'": '&apos;' })],
  ['HTML entities (Handlebars: ` and = too)', entities({ ...BASIC_HTML, "'": '&#x27;', '`': '&#x60;', '=': '&#x3D;' })],
  ['HTML numeric entities for all but letters and digits, decimal', (s) => s.replace(/[^A-Za-z0-9]/gu, (c) => `&#${c.codePointAt(0) ?? 0};`)],
  ['HTML numeric entities for all but letters and digits, hex', (s) => s.replace(/[^A-Za-z0-9]/gu, (c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)};`)],
]

describe('a secret is redacted in each encoding', () => {
  it('the special value really changes under each encoding but plain', () => {
    const encoded = ENCODINGS.map(([, encode]) => encode(SECRET))
    expect(new Set(encoded).size).toBe(ENCODINGS.length)
  })

  it.each(ENCODINGS)('%s', (_name, encode) => {
    const redactor = createRedactor([SECRET, PLAIN])!
    expect(redactor.text(`before [${encode(SECRET)}] after`)).toBe(`before [${R}] after`)
    expect(redactor.text(`before [${encode(PLAIN)}] after`)).toBe(`before [${R}] after`)
    expect(secretForms(SECRET)).toContain(encode(SECRET))
  })

  it('hex inside a longer dump, and in a JSON body', () => {
    const redactor = createRedactor([PLAIN])!
    const hex = bytes(PLAIN).toString('hex')
    expect(redactor.text(`00ff${hex}0a`)).toBe(`00ff${R}0a`)
    expect(redactor.deep({ dump: hex.toUpperCase(), token: bytes(PLAIN).toString('base64url') })).toEqual({ dump: R, token: R })
  })

  it('base64url inside a longer token keeps only the characters that mix in other bytes', () => {
    const redactor = createRedactor([SECRET])!
    const token = bytes(`user:${SECRET}`).toString('base64url')
    const shown = redactor.text(token)
    expect(shown).toContain(R)
    expect(Buffer.from(shown.split(R).join(''), 'base64url').toString('latin1')).not.toContain('o/r=d')
  })

  it('keeps the list of forms free of duplicates and empty strings, longest first', () => {
    const forms = secretForms(SECRET)
    expect(new Set(forms).size).toBe(forms.length)
    expect(forms.every((f) => f.length > 0)).toBe(true)
    expect([...forms].sort((a, b) => b.length - a.length)).toEqual(forms)
  })
})
