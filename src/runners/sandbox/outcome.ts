/**
 * Turns what a sandbox child reported into a SetupOutcome or TeardownOutcome. The child is untrusted: its
 * result is checked shape by shape, and in teardown only the body is taken from it.
 */
import type { ScriptRequest, ScriptResponse, SetupOutcome, TeardownOutcome } from '../script-sandbox.js'
import type { ChildResult } from './spawn-child.js'

const INVALID = 'Script sandbox returned an invalid result'

type Json = Record<string, unknown>

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

function isStringMap(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((item) => typeof item === 'string')
}

function isRequest(value: unknown): value is ScriptRequest {
  return (
    isRecord(value) &&
    typeof value.method === 'string' &&
    typeof value.url === 'string' &&
    typeof value.body === 'string' &&
    isStringMap(value.headers) &&
    isStringMap(value.queryParameters)
  )
}

/** The logs, with a note in place of the last line when the script printed more than the bound. */
function logsOf(child: ChildResult, result: Json | null): string[] {
  const dropped = typeof result?.droppedLogs === 'number' ? result.droppedLogs : 0
  if (dropped <= 0 || child.logs.length === 0) return child.logs
  return [...child.logs.slice(0, -1), `… ${dropped + 1} more log lines not shown`]
}

/** Common part: a failed child, or a result that says the script failed. */
function readResult(child: ChildResult): { ok: false; error: string; logs: string[] } | { ok: true; result: Json; logs: string[] } {
  if (!child.ok) return child
  const result = isRecord(child.result) ? child.result : null
  const logs = logsOf(child, result)
  if (!result) return { ok: false, error: INVALID, logs }
  if (result.ok === false) return { ok: false, error: typeof result.error === 'string' ? result.error : INVALID, logs }
  if (result.ok !== true) return { ok: false, error: INVALID, logs }
  return { ok: true, result, logs }
}

export function toSetupOutcome(child: ChildResult): SetupOutcome {
  const read = readResult(child)
  if (!read.ok) return read
  const { request, env } = read.result
  if (!isRequest(request) || !isStringMap(env)) return { ok: false, error: INVALID, logs: read.logs }
  const { method, url, body, headers, queryParameters } = request
  return { ok: true, request: { method, url, body, headers: { ...headers }, queryParameters: { ...queryParameters } }, env: { ...env }, logs: read.logs }
}

export function toTeardownOutcome(child: ChildResult, response: ScriptResponse): TeardownOutcome {
  const read = readResult(child)
  if (!read.ok) return read
  const body = read.result.responseBody
  if (typeof body !== 'string') return { ok: false, error: INVALID, logs: read.logs }
  return { ok: true, response: { ...response, body }, logs: read.logs }
}
