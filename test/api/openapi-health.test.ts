import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { CHECK_TYPE_DEFS } from '../../src/domain/checks/registry.js'

describe('OpenAPI document, docs page, health and error shapes', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(testDbs[0]!)
  })
  afterAll(() => t.close())

  it('describes every check route with its body schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.components.securitySchemes.serviceAccount).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Service-Account' })
    for (const def of CHECK_TYPE_DEFS) {
      const post = doc.paths[`/v1/checks/${def.segment}`]?.post
      expect(post, def.segment).toBeDefined()
      expect(post.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(def.required))
      expect(doc.paths[`/v1/checks/${def.segment}/{id}`]?.put, def.segment).toBeDefined()
    }
    expect(doc.paths['/v1/checks'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'page', 'tag', 'checkType', 'search', 'status', 'apiCheckUrlFilterPattern', 'applyGroupSettings']),
    )
    expect(doc.paths['/v1/checks/{id}'].get).toBeDefined()
    expect(doc.paths['/v1/checks/{id}'].delete).toBeDefined()
    expect(doc.paths['/-/readiness'].get).toBeDefined()
  })

  it('serves a readable docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toContain('swagger')
  })

  it('answers the health probes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/-/liveness' })).json()).toEqual({ status: 'ok' })
    expect((await t.app.inject({ method: 'GET', url: '/-/readiness' })).json()).toEqual({ status: 'ready' })
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200)
  })

  it('uses the error body for unknown routes, wrong content types and oversized bodies', async () => {
    const notFound = await t.call('GET', '/v1/nothing-here')
    expect(notFound.statusCode).toBe(404)
    expect(notFound.json()).toMatchObject({ statusCode: 404, error: 'Not Found', attributes: {} })

    const text = await t.app.inject({ method: 'POST', url: '/v1/checks/api', headers: { ...t.headers, 'content-type': 'text/plain' }, payload: 'hello' })
    expect(text.statusCode).toBe(415)
    expect(text.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' })

    const big = await t.call('POST', '/v1/checks/api', { name: 'x', request: { url: 'https://e.com', body: 'x'.repeat(1_100_000) } })
    expect(big.statusCode).toBe(413)
    expect(big.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' })

    const empty = await t.app.inject({ method: 'POST', url: '/v1/checks/api', headers: { ...t.headers, 'content-type': 'application/json' }, payload: '' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' })

    const array = await t.call('POST', '/v1/checks/api', [1, 2])
    expect(array.statusCode).toBe(400)
    expect(array.json().statusCode).toBe(400)

    const proto = await t.app.inject({
      method: 'POST',
      url: '/v1/checks/api',
      headers: { ...t.headers, 'content-type': 'application/json' },
      payload: '{"name":"p","request":{"url":"https://e.com"},"__proto__":{"admin":true}}',
    })
    expect(proto.statusCode).toBe(400)
  })
})
