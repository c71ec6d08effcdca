/** What every check-type suite shares: the common defaults and the create/read/reject helpers. */
import { expect } from 'vitest'
import type { TestApp } from './app.js'

export type Json = Record<string, unknown>

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const DEFAULT_ALERT_SETTINGS = {
  escalationType: 'RUN_BASED',
  runBasedEscalation: { failedRunThreshold: 1 },
  timeBasedEscalation: { minutesFailingThreshold: 5 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
}

export const EMPTY_ALERT_CHANNELS = { email: [], webhook: [], slack: [], sms: [] }

/** What every type answers for the fields its minimal body leaves out (retryStrategy aside: heartbeats have none). */
export const COMMON_DEFAULTS = {
  activated: true,
  muted: false,
  doubleCheck: true,
  shouldFail: false,
  locations: [],
  privateLocations: [],
  tags: [],
  useGlobalAlertSettings: true,
  groupId: null,
  groupOrder: null,
  runtimeId: null,
  alertChannelSubscriptions: [],
  triggerIncident: null,
  runParallel: false,
  description: null,
  frequency: 10,
  environmentVariables: [],
  updated_at: null,
}

export const envVars = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `VAR_${i}`, value: `value ${i}` }))

export const isIsoDate = (value: unknown): boolean => typeof value === 'string' && new Date(value).toISOString() === value

/** The `error` of the error body for the refusals the check routes answer. */
const errorName = (statusCode: number): string => (statusCode === 409 ? 'Conflict' : 'Bad Request')

/** The error attributes name `field` (or every one of several fields); when `why` is given, the field's error says it. */
export function expectFieldErrors(attributes: Record<string, unknown>, field: string | string[], why?: string): void {
  const named = Object.keys(attributes)
  if (typeof field === 'string') expect(named).toContain(field)
  else expect(named).toEqual(expect.arrayContaining(field))
  if (why !== undefined && typeof field === 'string') expect(String(attributes[field])).toContain(why)
}

/** Helpers bound to a test app (read lazily: the app is started in beforeAll) and a create route. */
export function checkApi(app: () => TestApp, createUrl: string, minimal: () => Json) {
  /** Total number of checks of the account, from the Content-Range header of GET /v1/checks. */
  const total = async (): Promise<number> => {
    const res = await app().call('GET', '/v1/checks?limit=1')
    expect(res.statusCode, res.body).toBe(200)
    const range = String(res.headers['content-range'])
    expect(range).toMatch(/\/\d+$/)
    return Number(range.split('/')[1])
  }

  const create = async (body: Json = minimal()) => {
    const res = await app().call('POST', createUrl, body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }

  const get = async (id: string) => {
    const res = await app().call('GET', `/v1/checks/${id}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  const expectErrorBody = (body: unknown, statusCode: number, error: string) => {
    expect(body).toMatchObject({ statusCode, error, message: expect.any(String), attributes: expect.any(Object) })
  }

  /**
   * A create that must fail with `statusCode` naming `field` (or every one of several fields), and must store
   * nothing; when `why` is given, the error of the (single) field must say it.
   */
  const expectCreateRejected = async (body: unknown, field: string | string[], statusCode = 400, why?: string) => {
    const before = await total()
    const res = await app().call('POST', createUrl, body)
    expect(res.statusCode, res.body).toBe(statusCode)
    expectErrorBody(res.json(), statusCode, errorName(statusCode))
    expectFieldErrors(res.json().attributes, field, why)
    expect(await total()).toBe(before)
  }

  /** An update (PUT to the create route's path with the id) that must fail with `statusCode` naming `field`. */
  const expectUpdateRejected = async (id: string, body: unknown, field: string, statusCode = 400) => {
    const res = await app().call('PUT', `${createUrl}/${id}`, body)
    expect(res.statusCode, res.body).toBe(statusCode)
    expectErrorBody(res.json(), statusCode, errorName(statusCode))
    expect(Object.keys(res.json().attributes)).toContain(field)
  }

  return { total, create, get, expectErrorBody, expectCreateRejected, expectUpdateRejected }
}
