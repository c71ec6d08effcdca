/**
 * The real HTTP app the alert channel API tests drive, one per describe block, emptied of channels and checks before
 * each test; a channel of each type to post, and the helpers those tests share.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { TestDb } from './db.js'
import { startTestApp, type TestApp } from './app.js'

export type Json = Record<string, unknown>

export const EMAIL = { type: 'EMAIL', config: { address: 'ops@example.com' } }
export const WEBHOOK = {
  type: 'WEBHOOK',
  config: {
    name: 'Ops hook',
    url: 'https://hooks.example.com/alerts',
    method: 'PUT',
    headers: [{ key: 'X-Team', value: 'ops' }],
    queryParameters: [{ key: 'source', value: 'picket', locked: true }],
    webhookSecret: 'super-secret-value',
  },
}
export const SLACK = { type: 'SLACK', config: { url: 'https://hooks.slack.com/services/T0/B0/x', channel: '#ops' } }
export const SMS = { type: 'SMS', config: { name: 'On call', number: '+14155550100' } }

/**
 * Starts the app before the tests of the calling describe block and closes it after them. The app exists only once
 * the block's beforeAll has run, so it is read through a getter.
 */
export function alertChannelsApp(db: TestDb) {
  let app: TestApp | undefined
  beforeAll(async () => {
    app = await startTestApp(db)
  })
  afterAll(() => app?.close())

  const t = (): TestApp => {
    if (!app) throw new Error('the alert channels app is read before its beforeAll ran')
    return app
  }

  /** Each test starts with no channels and no checks. */
  beforeEach(async () => {
    for (const c of (await t().call('GET', '/v1/alert-channels?limit=100')).json() as Json[]) await t().call('DELETE', `/v1/alert-channels/${String(c.id)}`)
    for (const c of (await t().call('GET', '/v1/checks?limit=100')).json() as Json[]) await t().call('DELETE', `/v1/checks/${String(c.id)}`)
  })

  const create = async (body: Json): Promise<Json> => {
    const res = await t().call('POST', '/v1/alert-channels', body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }
  const count = async (): Promise<number> => Number(String((await t().call('GET', '/v1/alert-channels?limit=1')).headers['content-range']).split('/')[1])
  const rejects = async (method: 'POST' | 'PUT', url: string, body: unknown, field: string) => {
    const res = await t().call(method, url, body)
    expect(res.statusCode, `${JSON.stringify(body)} → ${res.body}`).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(Object.keys(res.json().attributes), JSON.stringify(body)).toContain(field)
  }
  const createCheck = async (query = '', extra: Json = {}): Promise<Json> => {
    const res = await t().call('POST', `/v1/checks/api${query}`, { name: 'API', request: { url: 'https://example.com' }, ...extra })
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }

  return {
    get t(): TestApp {
      return t()
    },
    create,
    count,
    rejects,
    createCheck,
  }
}
