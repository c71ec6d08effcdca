import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

describe.each(testDbs)('smoke on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(async () => t.close())

  it('creates an API check with defaults', async () => {
    const res = await t.call('POST', '/v1/checks/api', { name: 'a', request: { url: 'https://example.com' } })
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    console.log(JSON.stringify(body, null, 1))
  })
  it('rejects bad input', async () => {
    const res = await t.call('POST', '/v1/checks/api', { name: 'a'.repeat(300), description: 'x'.repeat(501), frequency: 7, request: { url: 'ftp://x', method: 'FOO' }, locations: ['mars'] })
    console.log(res.statusCode, res.body)
    const res2 = await t.app.inject({ method: 'POST', url: '/v1/checks/api', headers: { ...t.headers, 'content-type': 'application/json' }, payload: '{bad' })
    console.log(res2.statusCode, res2.body)
    const res3 = await t.call('POST', '/v1/checks/api', { name: 'a', request: { url: 'ftp://x' }, frequency: 0 })
    console.log(res3.statusCode, res3.body)
  })
})
