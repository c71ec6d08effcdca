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

export const envVars = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `VAR_${i}`, value: `value ${i}` }))

export const isIsoDate = (value: unknown): boolean => typeof value === 'string' && new Date(value).toISOString() === value

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

  /** A create that must fail with 400 naming `field`, and must store nothing. */
  const expectCreateRejected = async (body: unknown, field: string) => {
    const before = await total()
    const res = await app().call('POST', createUrl, body)
    expect(res.statusCode, res.body).toBe(400)
    expectErrorBody(res.json(), 400, 'Bad Request')
    expect(Object.keys(res.json().attributes)).toContain(field)
    expect(await total()).toBe(before)
  }

  return { total, create, get, expectErrorBody, expectCreateRejected }
}
