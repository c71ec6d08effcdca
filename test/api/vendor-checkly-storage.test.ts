/**
 * The uploads of the hosted service's CLI: a code bundle or file streams to disk under a key the service makes,
 * reads back by that key only for the account that uploaded it, and is refused past the size limit (at once from
 * Content-Length, or while streaming) with the 413 sentence the client reads the limit from. Keys that look like
 * paths reach nothing.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '../../src/lib/clock.js'
import { codeBundleService } from '../../src/services/code-bundles/code-bundles.js'
import { codeBundleStore } from '../../src/store/code-bundles.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

const LIMIT = 4096

describe.each(testDbs)('vendor CLI uploads on $name', (db) => {
  let t: TestApp
  let other: { headers: Record<string, string> }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-code-bundles-'))

  beforeAll(async () => {
    t = await startTestApp(db)
    // The app reads its services per request: this one keeps uploads in the test's folder, with a small limit.
    t.services.codeBundles = codeBundleService({ store: codeBundleStore(t.store.db, dir), clock: systemClock, limitBytes: LIMIT })
    other = await t.otherAccount()
  })
  afterAll(async () => {
    await t.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const upload = (url: string, bytes: Buffer, headers: Record<string, string> = t.headers) =>
    t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/octet-stream' }, payload: bytes })
  const download = (key: unknown, headers: Record<string, string> = t.headers) => t.app.inject({ method: 'POST', url: '/next/checkly-storage/download', headers, payload: { key } })

  it.each(['/next/checkly-storage/upload-code-bundle', '/next/checkly-storage/upload'])('%s keeps the bytes under a key the account reads back', async (url) => {
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251))
    const res = await upload(url, bytes)
    expect(res.statusCode, res.body).toBe(200)
    const { key } = res.json<{ key: string }>()
    const back = await download(key)
    expect(back.statusCode).toBe(200)
    expect(back.headers['content-type']).toBe('application/octet-stream')
    expect(back.rawPayload.equals(bytes)).toBe(true)
    // Stored under the account's folder, never at a name the request chose.
    expect(fs.existsSync(path.join(dir, t.accountId, key))).toBe(true)

    const stolen = await download(key, other.headers)
    expect(stolen.statusCode).toBe(404)
  })

  it('refuses an upload over the limit with the sentence naming it, keeping nothing', async () => {
    const res = await upload('/next/checkly-storage/upload-code-bundle', Buffer.alloc(LIMIT + 1))
    expect(res.statusCode, res.body).toBe(413)
    expect(res.json<{ message: string }>().message).toBe(`Payload content length greater than maximum allowed: ${LIMIT}`)
    const account = path.join(dir, t.accountId)
    const files = fs.existsSync(account) ? fs.readdirSync(account) : []
    expect(files.filter((f) => f.includes('~'))).toEqual([])
  })

  it.each([['../../etc/passwd'], ['.'], ['a/b'], [''], [42]])('reaches nothing with the key %j', async (key) => {
    const res = await download(key)
    expect([400, 404]).toContain(res.statusCode)
    expect(res.json<{ statusCode: number }>().statusCode).toBe(res.statusCode)
  })

  it.each(['/next/checkly-storage/upload-code-bundle', '/next/checkly-storage/upload'])('%s refuses a JSON body with a 415 naming the content type', async (url) => {
    const res = await t.call('POST', url, { key: '../../etc/passwd' })
    expect(res.statusCode, res.body).toBe(415)
    expect(res.json<{ attributes: Record<string, string> }>().attributes).toHaveProperty('content-type')
  })

  it('needs credentials', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/next/checkly-storage/upload-code-bundle',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('x'),
    })
    expect(res.statusCode).toBe(401)
  })
})
