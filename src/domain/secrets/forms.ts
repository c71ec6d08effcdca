/**
 * The shapes a secret value takes on its way into a run's output (pure). A run does not only print a secret as
 * written: `{{VAR}}` is substituted URI-encoded into URLs, headers and bodies, the URL parser escapes what is left,
 * form bodies use `+` for spaces, JSON.stringify and console.log (util.inspect) escape quotes and backslashes, the
 * stored document and error messages JSON-escape again, HTML pages echo entities, and Basic auth (or a target
 * echoing it) carries it in base64. Each form listed here is searched for and redacted.
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

const html = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

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
 * alphabets. The first and last characters of an occurrence mix in neighbouring bytes and are left as they are.
 */
export function base64Fragments(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const out: string[] = []
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
  const candidates: Array<string | null> = [
    secret,
    json,
    jsonInner(json),
    inspectInner(secret, "'"),
    inspectInner(secret, null),
    safely(encodeURIComponent, secret),
    safely(encodeURI, secret),
    safely(formEncode, secret),
    html(secret),
    ...base64Fragments(secret),
  ]
  const forms = new Set<string>()
  for (const c of candidates) if (c !== null && c !== '') forms.add(c)
  return [...forms].sort((a, b) => b.length - a.length)
}
