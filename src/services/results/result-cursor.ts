/**
 * The cursor of the v2 result list: where the previous page ended (the start time and id of its last, oldest
 * result), as opaque base64url text. The list is newest first, so the next page holds the results that started
 * earlier, or at the same time with a smaller id: a result stored meanwhile neither repeats nor shifts a page.
 */
import { ValidationError } from '../../domain/errors.js'
import type { ResultCursor } from '../../store/engine/results.js'

export const encodeResultCursor = (c: ResultCursor): string => Buffer.from(`${c.startedAt}:${c.id}`, 'utf8').toString('base64url')

export function decodeResultCursor(text: string): ResultCursor {
  const decoded = Buffer.from(text, 'base64url').toString('utf8')
  const match = /^(\d{1,16}):([0-9A-Za-z-]{1,100})$/.exec(decoded)
  if (!match?.[1] || !match[2]) throw new ValidationError({ nextId: 'is not a cursor this list gave: pass the nextId of the previous page unchanged' })
  return { startedAt: Number(match[1]), id: match[2] }
}

/** The fields a v2 entry may be cut down to (`fields`), as the reference lists them. */
export const RESULT_FIELDS = [
  'id',
  'name',
  'checkId',
  'hasFailures',
  'hasErrors',
  'isDegraded',
  'isCancelled',
  'overMaxResponseTime',
  'runLocation',
  'startedAt',
  'stoppedAt',
  'created_at',
  'createdAt',
  'responseTime',
  'apiCheckResult',
  'browserCheckResult',
  'multiStepCheckResult',
  'agenticCheckResult',
  'playwrightCheckResult',
  'tracerouteCheckResult',
  'grpcCheckResult',
  'sslCheckResult',
  'checkRunId',
  'attempts',
  'resultType',
  'sequenceId',
  'traceId',
  'errorGroupIds',
] as const
export type ResultField = (typeof RESULT_FIELDS)[number]

/** An entry with only the named fields it has (createdAt is the reference's other name of created_at). */
export function projectResult(view: Record<string, unknown>, fields: readonly ResultField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const f of fields) {
    const value = f === 'createdAt' ? view.created_at : view[f]
    if (value !== undefined) out[f] = value
  }
  return out
}
