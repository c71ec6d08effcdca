/**
 * The API's JSON answers come compressed over a real socket when the client asks, decode to the same JSON, and stay
 * plain for clients that do not ask and for answers too small to gain.
 */
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

const sqlite = testDbs[0]!

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  none: (body) => body,
}

describe('JSON compression', () => {
  let t: TestApp
  let base: string
  beforeAll(async () => {
    t = await startTestApp(sqlite)
    for (let i = 0; i < 30; i++) {
      const res = await t.call('POST', '/v1/snippets', { name: `Snippet ${i}`, script: `// setup step ${i}\nrequest.headers['X-Step'] = '${i}'` })
      expect(res.statusCode, res.body).toBe(201)
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterAll(() => t.close())

  const get = async (path: string, acceptEncoding?: string) => {
    const res = await request(`${base}${path}`, { headers: { ...t.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } })
    return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) }
  }

  it.each([
    { accept: 'gzip, deflate, br', coding: 'br' },
    { accept: 'gzip', coding: 'gzip' },
    { accept: 'br;q=0, gzip;q=0.5', coding: 'gzip' },
    { accept: 'identity', coding: 'none' },
    { accept: undefined, coding: 'none' },
  ])('a large list asked with Accept-Encoding $accept comes as $coding and decodes to the same JSON', async ({ accept, coding }) => {
    const plain = await get('/v1/snippets?limit=100')
    const res = await get('/v1/snippets?limit=100', accept)
    expect(res.status).toBe(200)
    expect(res.headers['content-encoding']).toBe(coding === 'none' ? undefined : coding)
    expect(res.headers['vary']).toContain('accept-encoding')
    expect(res.headers['content-range']).toBe(plain.headers['content-range'])
    const decoded = JSON.parse(decoders[coding]!(res.body).toString('utf8')) as unknown[]
    expect(decoded).toHaveLength(30)
    expect(decoded).toEqual(JSON.parse(plain.body.toString('utf8')))
    if (coding !== 'none') expect(res.body.length).toBeLessThan(plain.body.length / 3)
  })

  it('a small answer and an error stay plain', async () => {
    const small = await get('/v1/snippets?limit=1', 'gzip, br')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(small.body.toString('utf8'))).toHaveLength(1)
    const missing = await get('/v1/snippets/999999', 'gzip, br')
    expect(missing.status).toBe(404)
    expect(missing.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(missing.body.toString('utf8'))).toMatchObject({ statusCode: 404 })
  })
})
