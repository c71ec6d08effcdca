/** The public API as the CLI calls it: one account, one key; an error answer becomes a one-line CliError. */
import { httpSender, HttpSendError, type HttpAnswer, type HttpSend } from './http-send.js'

export interface Login {
  url: string
  accountId: string
  apiKey: string
}

/** A failure to say to the user in one line (exit 1), never with a stack trace. */
export class CliError extends Error {}

export interface ApiAnswer<T> {
  status: number
  body: T
}

export interface ApiClient {
  readonly login: Login
  /** Throws CliError on a network failure or an answer outside `ok` (default: any 2xx). */
  call<T>(method: string, path: string, body?: unknown, ok?: (status: number) => boolean): Promise<ApiAnswer<T>>
}

/** The message of an API error body ({ statusCode, error, message, attributes }), with the fields a 400 names. */
export function describeApiError(status: number, body: unknown): string {
  const b = (body ?? {}) as { message?: unknown; attributes?: unknown }
  const message = typeof b.message === 'string' ? b.message : `HTTP ${status}`
  if (status === 401) return `the service refused the key (401): ${message}. Run picket login again, or check PICKET_API_KEY and PICKET_ACCOUNT_ID`
  return `${message} (HTTP ${status})`
}

export function apiClient(login: Login, send: HttpSend = httpSender()): ApiClient {
  return {
    login,
    async call<T>(method: string, path: string, body?: unknown, ok: (status: number) => boolean = (s) => s >= 200 && s < 300) {
      let res: HttpAnswer
      try {
        res = await send(`${login.url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${login.apiKey}`,
            'x-service-account': login.accountId,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        })
      } catch (err) {
        throw new CliError(`cannot reach ${login.url}: ${(err instanceof HttpSendError ? err.code : undefined) ?? (err instanceof Error ? err.message : String(err))}`)
      }
      let parsed: unknown = res.text
      try {
        parsed = res.text === '' ? null : JSON.parse(res.text)
      } catch {
        // not JSON: keep the text
      }
      if (!ok(res.status)) throw new CliError(describeApiError(res.status, parsed))
      return { status: res.status, body: parsed as T }
    },
  }
}
