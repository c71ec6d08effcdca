import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { performHttpRequest, type HttpRequestInput } from '../../src/runners/http-request.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'
import { startHttpsTarget } from '../helpers/targets/https.js'
import { freePort } from '../helpers/targets/tcp.js'

let target: Target
let tls: Target

beforeAll(async () => {
  target = await startHttpTarget()
  tls = await startHttpsTarget()
})
afterAll(async () => {
  await target.close()
  await tls.close()
})

const get = (url: string, extra: Partial<HttpRequestInput> = {}) => performHttpRequest({ method: 'GET', url, headers: { 'User-Agent': 'test' }, ...extra })

const PHASES = ['redirect', 'wait', 'dns', 'tcp', 'tls', 'firstByte', 'download', 'total'] as const

describe('performHttpRequest', () => {
  it('measures every phase on a fresh socket, adding up to the total', async () => {
    const x = await get(`http://localhost:${target.port}/slow-body?ms=30`)
    expect(x.error).toBeNull()
    expect(x.response?.status).toBe(200)
    expect(x.response?.body.toString()).toBe('start end')
    for (const p of PHASES) expect(x.timingPhases[p]).toBeGreaterThanOrEqual(0)
    const t = x.timingPhases
    const sum = t.redirect + t.wait + t.dns + t.tcp + t.tls + t.firstByte + t.download
    expect(Math.abs(t.total - sum)).toBeLessThanOrEqual(0.05)
    expect(t.download).toBeGreaterThan(0)
    expect(t.tls).toBe(0)
    expect(x.responseTime).toBe(t.total)
    expect(x.response?.remoteAddress).toBe('127.0.0.1')
  })

  it('fails a self-signed certificate with TLS unless skipSSL', async () => {
    const bad = await get(`${tls.url}/json`)
    expect(bad.response).toBeNull()
    expect(bad.error).toMatchObject({ kind: 'TLS', networkError: false })
    const ok = await get(`${tls.url}/json`, { skipSSL: true })
    expect(ok.error).toBeNull()
    expect(ok.response?.status).toBe(200)
    expect(ok.timingPhases.tls).toBeGreaterThan(0)
    expect(bad.timingPhases.tls).toBeGreaterThan(0)
  })

  it('follows redirects, logging each hop, or returns the redirect', async () => {
    const followed = await get(`${target.url}/redirect/3`)
    expect(followed.response?.status).toBe(200)
    expect(followed.response?.url).toBe(`${target.url}/json`)
    expect(followed.redirects.map((r) => r.status)).toEqual([302, 302, 302])
    expect(followed.log).toHaveLength(3)
    expect(followed.log[0]).toContain('/redirect/3 -> ')
    const kept = await get(`${target.url}/redirect/3`, { followRedirects: false })
    expect(kept.response?.status).toBe(302)
    expect(kept.response?.headers.location).toBe('/redirect/2')
    expect(kept.redirects).toEqual([])
  })

  it('stops after 10 redirects', async () => {
    const x = await get(`${target.url}/redirect/12`)
    expect(x.redirects).toHaveLength(10)
    expect(x.response?.status).toBe(302)
    expect(x.log.at(-1)).toMatch(/limit of 10 redirects/)
  })

  it('turns POST into GET on 303 and keeps it on 307', async () => {
    const post = { method: 'POST', headers: { 'Content-Type': 'text/plain', 'Content-Length': '5' }, body: 'hello' }
    const a = await performHttpRequest({ ...post, url: `${target.url}/redirect-303` })
    expect(JSON.parse(a.response?.body.toString() ?? '{}')).toMatchObject({ method: 'GET', body: '' })
    const b = await performHttpRequest({ ...post, url: `${target.url}/redirect-307` })
    expect(JSON.parse(b.response?.body.toString() ?? '{}')).toMatchObject({ method: 'POST', body: 'hello' })
  })

  it('times out with TIMEOUT', async () => {
    const x = await get(`${target.url}/slow?ms=3000`, { timeoutMs: 200 })
    expect(x.response).toBeNull()
    expect(x.error).toMatchObject({ kind: 'TIMEOUT', message: 'Request timed out after 200 ms' })
    expect(x.timingPhases.total).toBeGreaterThanOrEqual(150)
    const body = await get(`${target.url}/slow-body?ms=3000`, { timeoutMs: 200 })
    expect(body.error?.kind).toBe('TIMEOUT')
  })

  it('maps a refused connection to NETWORK with networkError', async () => {
    const x = await get(`http://127.0.0.1:${await freePort()}/`)
    expect(x.error).toMatchObject({ kind: 'NETWORK', code: 'ECONNREFUSED', networkError: true })
  })

  it('maps an unresolvable host to DNS', async () => {
    const x = await get('http://picket-does-not-exist.invalid/')
    expect(x.error?.kind).toBe('DNS')
    expect(x.error?.networkError).toBe(true)
    expect(x.error?.message).toMatch(/picket-does-not-exist\.invalid/)
  })

  it('stops reading at the body cap', async () => {
    const x = await get(`${target.url}/large?bytes=300000`, { maxBodyBytes: 100_000 })
    expect(x.response?.bodyReadTruncated).toBe(true)
    expect(x.response?.body.length).toBe(100_000)
    const whole = await get(`${target.url}/large?bytes=300000`)
    expect(whole.response?.bodyReadTruncated).toBe(false)
    expect(whole.response?.body.length).toBe(300_000)
  })

  it('uses the requested IP family', async () => {
    const v6 = await startHttpTarget('::1')
    try {
      const literal = await get(`http://[::1]:${v6.port}/json`, { ipFamily: 'IPv6' })
      expect(literal.response?.remoteAddress).toBe('::1')
      // localhost over IPv6 reaches ::1 where the hosts file maps it, else it does not resolve; never IPv4.
      const named = await get(`http://localhost:${v6.port}/json`, { ipFamily: 'IPv6' })
      if (named.error) expect(named.error.kind).toBe('DNS')
      else expect(named.response?.remoteAddress).toBe('::1')
      const v4 = await get(`http://localhost:${v6.port}/json`, { ipFamily: 'IPv4' })
      expect(v4.error).toMatchObject({ kind: 'NETWORK', code: 'ECONNREFUSED' })
      expect(v4.timingPhases.dns).toBeGreaterThanOrEqual(0)
    } finally {
      await v6.close()
    }
  })

  it('rejects bad URLs as CONFIG', async () => {
    expect((await get('not a url')).error?.kind).toBe('CONFIG')
    expect((await get('ftp://example.com/')).error?.kind).toBe('CONFIG')
  })

  it('stops when the run is aborted', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const x = await get(`${target.url}/slow?ms=3000`, { signal: controller.signal })
    expect(x.error?.kind).toBe('INTERNAL')
  })
})
