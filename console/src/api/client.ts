/**
 * The console talks to the public API only, as any client does: the session cookie (HTTP-only, set by sign-in)
 * stands in for the API key, X-Service-Account names the chosen account, and X-CSRF-Token proves a change comes
 * from this page.
 */

/** The error body every API error has; `attributes` maps field paths to what is wrong. */
export interface ApiErrorBody {
  statusCode: number
  error: string
  message: string
  attributes: Record<string, unknown>
}

export class ApiError extends Error {
  readonly status: number
  readonly body: ApiErrorBody
  constructor(body: ApiErrorBody) {
    super(body.message)
    this.status = body.statusCode
    this.body = body
  }
  /** What is wrong with each field, by the field's path as the API names it (`request.url`, `assertions[0].target`). */
  get fields(): Record<string, string> {
    const out: Record<string, string> = {}
    for (const [k, v] of Object.entries(this.body.attributes ?? {})) if (typeof v === 'string') out[k] = v
    return out
  }
}

export interface Credentials {
  accountId: string
  csrfToken: string
}

let credentials: Credentials | null = null
let onUnauthorized: () => void = () => undefined

export const setCredentials = (c: Credentials | null): void => {
  credentials = c
}
export const currentAccountId = (): string => credentials?.accountId ?? ''
export const setUnauthorizedHandler = (fn: () => void): void => {
  onUnauthorized = fn
}

export interface ApiResponse<T> {
  data: T
  headers: Headers
  status: number
}

/** Total count of a paged list, from `Content-Range: 0-9/42`. */
export const totalOf = (headers: Headers): number | null => {
  const m = /\/(\d+)$/.exec(headers.get('content-range') ?? '')
  return m ? Number(m[1]) : null
}

export async function request<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (credentials) {
    headers['x-service-account'] = credentials.accountId
    if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = credentials.csrfToken
  }
  if (body !== undefined) headers['content-type'] = 'application/json'
  let res: Response
  try {
    res = await fetch(path, { method, headers, credentials: 'same-origin', ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  } catch {
    throw new ApiError({ statusCode: 0, error: 'Network error', message: 'Picket could not be reached. Check your connection and try again.', attributes: {} })
  }
  const text = res.status === 204 ? '' : await res.text()
  let parsed: unknown = undefined
  if (text) {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
  }
  if (!res.ok) {
    const b = parsed as Partial<ApiErrorBody> | undefined
    const err = new ApiError({
      statusCode: res.status,
      error: typeof b?.error === 'string' ? b.error : res.statusText,
      message: typeof b?.message === 'string' ? b.message : `Request failed (${res.status})`,
      attributes: b && typeof b.attributes === 'object' && b.attributes !== null ? b.attributes : {},
    })
    if (res.status === 401 && !path.startsWith('/v1/auth/')) onUnauthorized()
    throw err
  }
  return { data: parsed as T, headers: res.headers, status: res.status }
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path).then((r) => r.data),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}).then((r) => r.data),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}).then((r) => r.data),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}).then((r) => r.data),
  del: (path: string) => request<unknown>('DELETE', path).then(() => undefined),
}

/** A query string from the defined values of `params` (arrays repeat the key). */
export function qs(params: Record<string, string | number | boolean | undefined | null | Array<string | number>>): string {
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue
    if (Array.isArray(v)) for (const item of v) sp.append(k, String(item))
    else sp.set(k, String(v))
  }
  const s = sp.toString()
  return s ? `?${s}` : ''
}
