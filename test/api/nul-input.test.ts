/** NUL characters in request input get a 400 that says where, on both databases (PostgreSQL text cannot hold them). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { testDbs } from '../helpers/db.js'

describe.each(testDbs)('NUL characters in requests on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  it.each([
    ['a path id', 'DELETE', '/v1/checks/%00', undefined, 'url'],
    ['a query value', 'GET', '/v1/checks?search=a%00b', undefined, 'url'],
    ['a body string', 'POST', '/v1/variables', '{"key":"NUL_VALUE","value":"a\\u0000b"}', 'value'],
    ['a body key', 'POST', '/v1/variables', '{"key":"NUL_KEY","value":"v","x\\u0000":1}', 'x\u0000'],
  ])('%s', async (_what, method, url, payload, field) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...t.headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', attributes: { [field]: expect.stringMatching(/NUL/) } })
    expect((await t.call('GET', '/v1/variables')).json()).not.toContainEqual(expect.objectContaining({ key: expect.stringMatching(/^NUL_/) }))
  })
})
