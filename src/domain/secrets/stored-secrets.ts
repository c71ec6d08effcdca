/**
 * Which values of stored documents are secrets, kept sealed in the database (pure). `mapStoredSecrets` passes each
 * of them (a non-empty string) through a function and returns a copy of the document, the rest untouched:
 * - a check: its environment variables marked `secret`, the Basic auth password of its request, the HTTP
 *   credentials password of its Playwright settings, and its heartbeat ping token (the address jobs ping);
 * - a check group: its secret environment variables and the Basic auth password of its API check defaults;
 * - an alert channel, and the channel config copied into a queued notification: the URL (Slack and many webhook
 *   receivers carry their token in it), the values of webhook headers and query parameters (where Authorization
 *   and API keys go) and the webhook signing secret.
 * Locked or plain variables, header names, addresses and phone numbers are configuration, shown by the API, and
 * stay plain.
 */

type Doc = Record<string, unknown>
export type SecretHolder = 'check' | 'checkGroup' | 'alertChannel' | 'notificationPayload' | 'runOverrides'
export type SecretTransform = (value: string) => string

const isObject = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v)

/** The document with the string at `path` transformed (copies made only along the path). */
function atPath(doc: Doc, path: readonly string[], fn: SecretTransform): Doc {
  const [head, ...rest] = path
  if (head === undefined || !(head in doc)) return doc
  const value = doc[head]
  if (rest.length === 0) return typeof value === 'string' && value !== '' ? { ...doc, [head]: fn(value) } : doc
  if (!isObject(value)) return doc
  const next = atPath(value, rest, fn)
  return next === value ? doc : { ...doc, [head]: next }
}

/** The entries of a key-value list with their values transformed (when `only` holds for the entry). */
function entries(doc: Doc, field: string, fn: SecretTransform, only: (entry: Doc) => boolean = () => true): Doc {
  const list = doc[field]
  if (!Array.isArray(list)) return doc
  let changed = false
  const out = (list as unknown[]).map((e) => {
    if (!isObject(e) || typeof e.value !== 'string' || e.value === '' || !only(e)) return e
    changed = true
    return { ...e, value: fn(e.value) }
  })
  return changed ? { ...doc, [field]: out } : doc
}

const secretEntries = (doc: Doc, fn: SecretTransform): Doc => entries(doc, 'environmentVariables', fn, (e) => e.secret === true)

function channelConfig(config: Doc, fn: SecretTransform): Doc {
  let out = atPath(config, ['url'], fn)
  out = atPath(out, ['webhookSecret'], fn)
  out = entries(out, 'headers', fn)
  return entries(out, 'queryParameters', fn)
}

function nested(doc: Doc, field: string, fn: (inner: Doc) => Doc): Doc {
  const inner = doc[field]
  if (!isObject(inner)) return doc
  const next = fn(inner)
  return next === inner ? doc : { ...doc, [field]: next }
}

const RULES: Record<SecretHolder, (doc: Doc, fn: SecretTransform) => Doc> = {
  check: (doc, fn) => {
    let out = secretEntries(doc, fn)
    out = atPath(out, ['request', 'basicAuth', 'password'], fn)
    out = atPath(out, ['playwrightConfig', 'use', 'httpCredentials', 'password'], fn)
    return atPath(out, ['heartbeat', 'pingToken'], fn)
  },
  checkGroup: (doc, fn) => atPath(secretEntries(doc, fn), ['apiCheckDefaults', 'basicAuth', 'password'], fn),
  alertChannel: (doc, fn) => nested(doc, 'config', (config) => channelConfig(config, fn)),
  notificationPayload: (doc, fn) => nested(doc, 'alertConfig', (config) => channelConfig(config, fn)),
  runOverrides: secretEntries,
}

/** A copy of `doc` with every secret value of this kind of document passed through `fn` (the same object when none). */
export function mapStoredSecrets<T extends Doc>(holder: SecretHolder, doc: T, fn: SecretTransform): T {
  return RULES[holder](doc, fn) as T
}

/** Every secret value of a document, in the order mapStoredSecrets visits them. */
export function storedSecretValues(holder: SecretHolder, doc: Doc): string[] {
  const out: string[] = []
  mapStoredSecrets(holder, doc, (v) => {
    out.push(v)
    return v
  })
  return out
}
