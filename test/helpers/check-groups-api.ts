/**
 * The real HTTP app the check group API tests drive, one per describe block, with the helpers they share: post a
 * group or a check, read a resource, count the account's groups, add an alert channel through the store, and expect a
 * 400 naming a field that leaves the number of groups unchanged.
 */
import { afterAll, beforeAll, expect } from 'vitest'
import { buildStores, type Stores } from '../../src/services/stores.js'
import type { TestDb } from './db.js'
import { startTestApp, type TestApp } from './app.js'

export type Json = Record<string, unknown>

/**
 * Starts the app before the tests of the calling describe block and closes it after them. The app and its stores
 * exist only once the block's beforeAll has run, so they are read through getters.
 */
export function checkGroupsApp(db: TestDb) {
  let app: TestApp | undefined
  let stores: Stores | undefined
  beforeAll(async () => {
    app = await startTestApp(db)
    stores = buildStores(app.store)
  })
  afterAll(() => app?.close())

  const t = (): TestApp => {
    if (!app) throw new Error('the check groups app is read before its beforeAll ran')
    return app
  }
  const s = (): Stores => {
    if (!stores) throw new Error('the check groups stores are read before their beforeAll ran')
    return stores
  }

  /** How many groups the account (or the one whose headers are given) holds, from the list's Content-Range. */
  const total = async (headers?: Record<string, string>): Promise<number> => {
    const res = await t().call('GET', '/v1/check-groups?limit=1', undefined, headers)
    expect(res.statusCode, res.body).toBe(200)
    return Number(String(res.headers['content-range']).split('/')[1])
  }
  const create = async (body: Json, query = '') => {
    const res = await t().call('POST', `/v2/check-groups${query}`, body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Json
  }
  const get = async (url: string) => {
    const res = await t().call('GET', url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  const createCheck = async (body: Json, segment = 'api') => {
    const res = await t().call('POST', `/v1/checks/${segment}`, body)
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as Json
  }
  const addChannel = async (accountId: string, address: string) =>
    (
      await s().alertChannels.insert(
        accountId,
        { type: 'EMAIL', config: { address }, sendRecovery: true, sendFailure: true, sendDegraded: false, sslExpiry: false, sslExpiryThreshold: 30, autoSubscribe: false },
        Date.now(),
      )
    ).id
  const expectRejected = async (method: 'POST' | 'PUT', url: string, body: unknown, field: string) => {
    const before = await total()
    const res = await t().call(method, url, body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) })
    expect(Object.keys(res.json().attributes), res.body).toContain(field)
    expect(await total()).toBe(before)
  }

  return {
    get t(): TestApp {
      return t()
    },
    get stores(): Stores {
      return s()
    },
    total,
    create,
    get,
    createCheck,
    addChannel,
    expectRejected,
  }
}
