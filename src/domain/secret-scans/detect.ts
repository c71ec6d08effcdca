/**
 * Whether a readable configuration value holds a credential (pure). Known token shapes are found anywhere in the
 * text (cloud and SaaS keys, JWTs, private key blocks, Slack webhook URLs), as is any value of one of the
 * account's secret variables (it was meant to stay secret, and here it is in plain sight). A high-entropy value
 * counts too when the field is named like a credential (an Authorization header, a `token` query parameter) or
 * the text assigns it to such a name (`password = "…"`, `"apiKey": "…"`). A `{{VARIABLE}}` reference, an
 * environment lookup (`process.env.X`) or a masked value is never a finding: that is how secrets should be used.
 * A field that is a credential by definition (a Basic auth password) is a finding whenever its value is inline.
 */

export interface Detection {
  /** The name of the rule that matched. */
  rule: string
  /** The text that matched: only for the redacted preview, never shown as it is. */
  match: string
}

export interface DetectOptions {
  /** The key of the key-value entry the value belongs to (header, query parameter or variable name). */
  fieldKey?: string | null
  /** Values of the account's secret variables (at least MIN_SECRET_VALUE characters each). */
  secretValues?: readonly string[]
  /** The field itself is a credential (a Basic auth password): any value written inline is one. */
  credentialField?: boolean
}

/** Shorter secret variable values (a "1", a "true") would match ordinary text everywhere. */
export const MIN_SECRET_VALUE = 6

const SHAPES: Array<{ rule: string; pattern: RegExp }> = [
  { rule: 'private-key', pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/ },
  { rule: 'aws-access-key-id', pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}\b/ },
  { rule: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/ },
  { rule: 'gitlab-token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}\b/ },
  { rule: 'slack-token', pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}\b/ },
  { rule: 'slack-webhook', pattern: /https:\/\/hooks\.slack\.com\/services\/T[A-Za-z0-9_]+\/B[A-Za-z0-9_]+\/[A-Za-z0-9_]{16,}/ },
  { rule: 'stripe-key', pattern: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}\b/ },
  { rule: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { rule: 'openai-key', pattern: /\bsk-(?:proj-)?[A-Za-z0-9_-]{32,}\b/ },
  { rule: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/ },
  { rule: 'url-credentials', pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@{}]+:[^\s@/{}]{6,}@/ },
]

const SECRET_NAME =
  /(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|auth(?:orization)?|credentials?|private[_-]?key|client[_-]?secret|session|cookie|signature)/i

/** `name = "value"`, `name: 'value'`, `"name": "value"`, `name=value`: a name like a credential's and its value. */
const ASSIGNMENT = new RegExp(
  `["']?[A-Za-z0-9_.-]*${SECRET_NAME.source}[A-Za-z0-9_.-]*["']?\\s*[:=]\\s*(?:"([^"\\n]{8,})"|'([^'\\n]{8,})'|\`([^\`\\n]{8,})\`|([^\\s"'\`,;&)}]{8,}))`,
  'gi',
)

/** Values that are references or placeholders, not credentials. */
const REFERENCE = /\{\{[^}]*\}\}|\$\{[^}]*\}|process\.env|\benv\.|^\*+$|^x+$|^<[^>]*>$|^(?:changeme|password|secret|token|example|undefined|null|true|false)$/i

/** Shannon entropy in bits per character. */
export function entropy(text: string): number {
  if (text === '') return 0
  const counts = new Map<string, number>()
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1)
  let bits = 0
  for (const n of counts.values()) {
    const p = n / text.length
    bits -= p * Math.log2(p)
  }
  return bits
}

/** Long enough and random enough to be a generated secret rather than a word or a sentence. */
export const looksRandom = (value: string): boolean => value.length >= 12 && !/\s/.test(value) && entropy(value) >= 3.3 && /[0-9]/.test(value) && /[A-Za-z]/.test(value)

/** The credential part of an Authorization-style value: what follows a scheme such as Bearer, Basic or Token. */
const withoutScheme = (value: string): string => value.replace(/^(?:Bearer|Basic|Token|Bot|ApiKey|Digest)\s+/i, '').trim()

/** The first credential the value holds, or null. */
export function detectCredential(value: string, options: DetectOptions = {}): Detection | null {
  if (value === '') return null
  for (const secret of options.secretValues ?? []) {
    if (secret.length >= MIN_SECRET_VALUE && value.includes(secret)) return { rule: 'secret-variable-value', match: secret }
  }
  for (const { rule, pattern } of SHAPES) {
    const m = pattern.exec(value)
    if (m) return { rule, match: m[0] }
  }
  if (options.credentialField && !REFERENCE.test(value.trim())) return { rule: 'inline-password', match: value }
  const key = options.fieldKey ?? ''
  if (key !== '' && SECRET_NAME.test(key)) {
    const candidate = withoutScheme(value)
    if (!REFERENCE.test(candidate) && looksRandom(candidate)) return { rule: 'credential-named-field', match: candidate }
  }
  for (const m of value.matchAll(ASSIGNMENT)) {
    const candidate = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim()
    if (!REFERENCE.test(candidate) && looksRandom(withoutScheme(candidate))) return { rule: 'credential-assignment', match: candidate }
  }
  return null
}

/** A redacted preview: a few leading and trailing characters, never enough to use (e.g. `sk_l…7q`). */
export function previewOf(match: string): string {
  if (match.length >= 16) return `${match.slice(0, 4)}…${match.slice(-2)}`
  if (match.length >= 8) return `${match.slice(0, 2)}…`
  return '…'
}
