/**
 * The shapes a secret value takes on its way into a run's output (pure). A run does not only print a secret as
 * written: `{{VAR}}` is substituted URI-encoded into URLs, headers and bodies, the URL parser escapes what is left,
 * form bodies use `+` for spaces, JSON.stringify and console.log (util.inspect) escape quotes and backslashes, the
 * stored document and error messages JSON-escape again, HTML pages echo entities, and Basic auth (or a target
 * echoing it) carries it in base64. Targets and scripts also echo what they were sent in their own dialects:
 * hex dumps (either case), base64url, JSON with non-ASCII or `/` or `<>&` escaped (Python, PHP, Go), HTML with
 * numeric entities (decimal or hex, as each templating library writes them) and percent-escapes in lower case or
 * for `!'()*` too. Each form listed here is searched for and redacted.
 */

/** Base64 fragments shorter than this are not searched for: four characters still carry 24 bits of the secret. */
export const MIN_BASE64_FRAGMENT = 4

const jsonInner = (s: string): string => JSON.stringify(s).slice(1, -1)

const NAMED_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v' }

/** What util.inspect (console.log of an object) prints inside the quotes: backslashes and control characters escaped, and `quote` if given. */
function inspectInner(s: string, quote: string | null): string {
  let out = ''
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0
    if (ch === '\\') out += '\\\\'
    else if (ch === quote) out += `\\${ch}`
    else if (NAMED_ESCAPES[ch] !== undefined) out += NAMED_ESCAPES[ch]
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
    else out += ch
  }
  return out
}

/** What HTML escapers write for the characters they escape (lodash, Python, Go, PHP, Handlebars, XML). */
const HTML_ESCAPERS: ReadonlyArray<Readonly<Record<string, string>>> = [
  { '&': '&amp;', '<': '&lt;', '>': '&gt;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' },
  { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;', '`': '&#x60;', '=': '&#x3D;' },
]

const htmlForms = (s: string): string[] => [
  ...HTML_ESCAPERS.map((table) => s.replace(/[&<>"'`=]/g, (c) => table[c] ?? c)),
  // Encoders that escape every character but letters and digits (OWASP's), in hex or decimal.
  s.replace(/[^A-Za-z0-9]/gu, (c) => `&#x${(c.codePointAt(0) ?? 0).toString(16)};`),
  s.replace(/[^A-Za-z0-9]/gu, (c) => `&#${c.codePointAt(0) ?? 0};`),
]

const unicodeEscape =
  (upper: boolean) =>
  (c: string): string => {
    const hex = c.charCodeAt(0).toString(16).padStart(4, '0')
    return `\\u${upper ? hex.toUpperCase() : hex}`
  }

/** JSON string contents as other serializers write them: ASCII only (Python, PHP), `\/` (PHP), `<>&` escaped (Go). */
function jsonDialects(json: string): string[] {
  const ascii = json.replace(/[\u007f-\uffff]/g, unicodeEscape(false))
  return [
    ascii,
    json.replace(/[\u007f-\uffff]/g, unicodeEscape(true)),
    json.replace(/\//g, '\\/'),
    ascii.replace(/\//g, '\\/'),
    json.replace(/[<>&\u2028\u2029]/g, unicodeEscape(false)),
  ]
}

/** Percent-encoding with lower-case hex digits, and the strict RFC 3986 form that also escapes !'()*. */
function percentDialects(encoded: string | null): Array<string | null> {
  if (encoded === null) return []
  return [encoded.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()), encoded.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)]
}

/** The UTF-8 bytes in hex, both cases: byte-aligned wherever they sit in a longer dump. */
const hexForms = (s: string): string[] => {
  const hex = Buffer.from(s, 'utf8').toString('hex')
  return [hex, hex.toUpperCase()]
}

/** encodeURIComponent and friends throw on lone surrogates; such a value simply has no encoded form. */
function safely(encode: (s: string) => string, s: string): string | null {
  try {
    return encode(s)
  } catch {
    return null
  }
}

const formEncode = (s: string): string => new URLSearchParams([['', s]]).toString().slice(1)

/**
 * The base64 characters that depend on the secret's bytes alone, for each of the three alignments the secret can
 * have inside a longer encoded text (e.g. the password after `user:` in a Basic token), in standard and URL-safe
 * alphabets. The first and last characters of an occurrence mix in neighbouring bytes and are left as they are;
 * the secret encoded on its own is listed whole too (with and without padding), so that nothing of it is left.
 */
export function base64Fragments(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const whole = bytes.toString('base64')
  const out: string[] = bytes.length === 0 ? [] : [whole, whole.replace(/=+$/, ''), bytes.toString('base64url')]
  for (const lead of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(lead), bytes]).toString('base64')
    const fragment = encoded.slice(Math.ceil((lead * 8) / 6), Math.floor(((lead + bytes.length) * 8) / 6))
    if (fragment.length < MIN_BASE64_FRAGMENT) continue
    out.push(fragment, fragment.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return out
}

/** Every form of `secret` worth searching for, distinct, longest first. */
export function secretForms(secret: string): string[] {
  const json = jsonInner(secret)
  const uri = safely(encodeURIComponent, secret)
  const candidates: Array<string | null> = [
    secret,
    json,
    jsonInner(json),
    ...jsonDialects(json),
    inspectInner(secret, "'"),
    inspectInner(secret, null),
    uri,
    ...percentDialects(uri),
    safely(encodeURI, secret),
    safely(formEncode, secret),
    ...htmlForms(secret),
    ...hexForms(secret),
    ...base64Fragments(secret),
  ]
  const forms = new Set<string>()
  for (const c of candidates) if (c !== null && c !== '') forms.add(c)
  return [...forms].sort((a, b) => b.length - a.length)
}
