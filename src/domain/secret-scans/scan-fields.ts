/**
 * The readable fields of each resource a secret scan inspects, with their paths on the public API resource
 * (pure). Locked entries and secret variables are left out: their values are hidden already. Check and group
 * scripts, request URLs, bodies, headers, query parameters and Basic auth, environment variables, snippets,
 * webhook channels' URL, headers and query parameters, and the account's plain variables are inspected.
 */

type Doc = Readonly<Record<string, unknown>>

export interface ScanField {
  /** e.g. `request.headers[2].value`. */
  fieldPath: string
  /** The key of a key-value entry (header, query parameter or variable name); null for other fields. */
  fieldKey: string | null
  value: string
  /** The field is a credential by definition (a Basic auth password). */
  credential?: boolean
}

const isDoc = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v)

function text(out: ScanField[], doc: Doc | undefined, field: string, path: string): void {
  const v = doc?.[field]
  if (typeof v === 'string' && v !== '') out.push({ fieldPath: path, fieldKey: null, value: v })
}

/** Entries of a key-value list; `hidden` says which are not readable (locked, secret). */
function entries(out: ScanField[], doc: Doc | undefined, field: string, path: string, hidden: (e: Doc) => boolean = (e) => e.locked === true): void {
  const list = doc?.[field]
  if (!Array.isArray(list)) return
  for (const [i, e] of (list as unknown[]).entries()) {
    if (!isDoc(e) || hidden(e) || typeof e.value !== 'string' || e.value === '') continue
    out.push({ fieldPath: `${path}[${i}].value`, fieldKey: typeof e.key === 'string' ? e.key : null, value: e.value })
  }
}

const hiddenVariable = (e: Doc): boolean => e.locked === true || e.secret === true

/** An API request (a check's, or a group's API check defaults). */
function requestFields(out: ScanField[], request: unknown, path: string): void {
  if (!isDoc(request)) return
  text(out, request, 'url', `${path}.url`)
  text(out, request, 'body', `${path}.body`)
  entries(out, request, 'headers', `${path}.headers`)
  entries(out, request, 'queryParameters', `${path}.queryParameters`)
  const basic = request.basicAuth
  if (isDoc(basic) && typeof basic.password === 'string' && basic.password !== '') {
    out.push({ fieldPath: `${path}.basicAuth.password`, fieldKey: null, value: basic.password, credential: true })
  }
  // gRPC checks carry their metadata like headers.
  entries(out, request, 'metadata', `${path}.metadata`)
}

function scripts(out: ScanField[], doc: Doc): void {
  text(out, doc, 'script', 'script')
  text(out, doc, 'localSetupScript', 'localSetupScript')
  text(out, doc, 'localTearDownScript', 'localTearDownScript')
}

export function checkFields(doc: Doc): ScanField[] {
  const out: ScanField[] = []
  requestFields(out, doc.request, 'request')
  scripts(out, doc)
  const files = doc.files
  if (Array.isArray(files)) {
    for (const [i, f] of (files as unknown[]).entries()) if (isDoc(f)) text(out, f, 'content', `files[${i}].content`)
  }
  entries(out, doc, 'environmentVariables', 'environmentVariables', hiddenVariable)
  return out
}

export function groupFields(doc: Doc): ScanField[] {
  const out: ScanField[] = []
  requestFields(out, doc.apiCheckDefaults, 'apiCheckDefaults')
  scripts(out, doc)
  entries(out, doc, 'environmentVariables', 'environmentVariables', hiddenVariable)
  return out
}

export function snippetFields(doc: Doc): ScanField[] {
  const out: ScanField[] = []
  text(out, doc, 'script', 'script')
  return out
}

/** Webhook channels: the parts a user writes (other types hold addresses, numbers and service URLs only). */
export function alertChannelFields(doc: Doc): ScanField[] {
  const out: ScanField[] = []
  const config = isDoc(doc.config) ? doc.config : undefined
  if (!config || doc.type !== 'WEBHOOK') return out
  text(out, config, 'url', 'config.url')
  entries(out, config, 'headers', 'config.headers')
  entries(out, config, 'queryParameters', 'config.queryParameters')
  return out
}

/** An account variable: readable unless it is secret or locked. */
export function variableFields(v: { key: string; value: string; secret: boolean; locked: boolean }): ScanField[] {
  return v.secret || v.locked || v.value === '' ? [] : [{ fieldPath: 'value', fieldKey: v.key, value: v.value }]
}
