/**
 * Playwright's trace viewer as the service serves it at /trace-viewer/, on both databases: the files of the
 * viewer inside playwright-core, without sign-in, with headers that keep the pages and the service worker to this
 * origin (the inline script allowed by its hash and no other); nothing else under the path, so no endpoint of
 * Playwright's own trace server (file?path=) and no way out of the folder; and a plain 404 that names the folder
 * where a playwright-core has none.
 */
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultTraceViewerDir, inlineScriptHashes, TRACE_VIEWER_WORKER_CSP, traceViewerRoutes } from '../../src/api/routes/results/trace-viewer.js'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

describe('the trace viewer folder', () => {
  it('is the one inside the installed playwright-core, with its page and service worker', async () => {
    const dir = defaultTraceViewerDir()
    expect(dir).toMatch(/node_modules\/playwright-core\/lib\/vite\/traceViewer$/)
    expect(await readFile(path.join(dir, 'index.html'), 'utf8')).toMatch(/sw\.bundle\.js|<div id="root">/)
    expect((await readFile(path.join(dir, 'sw.bundle.js'))).length).toBeGreaterThan(0)
  })

  it('hashes inline scripts only (not scripts with a src, not empty ones)', () => {
    const body = "\n  if (1) console.log('x')\n"
    const html = `<script type="module" src="./a.js"></script><script>${body}</script><script></script>`
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${createHash('sha256').update(body).digest('base64')}'`])
  })

  it('answers a plain 404 naming what is missing where playwright-core has no viewer', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'picket-no-viewer-'))
    const app = Fastify()
    try {
      await traceViewerRoutes(app, { dir: empty })
      const res = await app.inject({ method: 'GET', url: '/trace-viewer/index.html' })
      expect(res.statusCode).toBe(404)
      expect(res.body).toContain(path.join(empty, 'index.html'))
    } finally {
      await app.close()
      await rm(empty, { recursive: true, force: true })
    }
  })
})

for (const db of testDbs) {
  describe(`the trace viewer served on ${db.name}`, () => {
    let t: TestApp
    const get = (url: string) => t.app.inject({ method: 'GET', url })
    beforeAll(async () => {
      t = await startTestApp(db)
    })
    afterAll(() => t.close())

    it('serves the viewer page without sign-in, with a CSP of this origin that allows its own inline script', async () => {
      const res = await get('/trace-viewer/index.html?trace=%2Fv1%2Fcheck-results%2Fa%2Fb%2Fassets%2Ftrace.zip')
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("connect-src 'self' blob:")
      expect(csp).toContain("frame-ancestors 'self'")
      expect(csp).toContain("object-src 'none'")
      const hashes = inlineScriptHashes(res.body)
      expect(hashes.length).toBeGreaterThan(0)
      expect(csp).toContain(`script-src 'self' ${hashes.join(' ')};`)
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'cross-origin-opener-policy': 'same-origin',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'SAMEORIGIN',
        'cache-control': 'no-cache',
      })
      expect(res.headers['set-cookie']).toBeUndefined()
    })

    it("serves the service worker from the viewer's folder, limited to this origin by its own CSP", async () => {
      const res = await get('/trace-viewer/sw.bundle.js')
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/javascript/)
      expect(res.headers['content-security-policy']).toBe(TRACE_VIEWER_WORKER_CSP)
      expect(TRACE_VIEWER_WORKER_CSP).toBe("default-src 'none'; connect-src 'self' blob:")
      expect(res.headers['service-worker-allowed']).toBeUndefined()
    })

    it.each([
      ['file?path=', '/trace-viewer/file?path=%2Fetc%2Fpasswd'],
      ['contexts', '/trace-viewer/contexts?trace=%2Fv1%2Fcheck-results%2Fa%2Fb%2Fassets%2Ftrace.zip'],
      ['a snapshot', '/trace-viewer/snapshot/page%401?trace=x'],
      ['a path out of the folder', '/trace-viewer/..%2f..%2f..%2fpackage.json'],
      ['a dotted path out of the folder', '/trace-viewer/%2e%2e/%2e%2e/%2e%2e/package.json'],
      ['a dot file', '/trace-viewer/.env'],
    ])('has nothing but the files: %s is refused', async (_name, url) => {
      const res = await get(url)
      expect([403, 404], res.body).toContain(res.statusCode)
      expect(res.body).not.toContain('playwright-core')
    })

    it('sends the folder itself to the viewer page, keeping the query', async () => {
      for (const url of ['/trace-viewer', '/trace-viewer/']) {
        const res = await get(`${url}?trace=%2Fx.zip`)
        expect(res.statusCode, url).toBe(302)
        expect(res.headers.location).toBe('/trace-viewer/index.html?trace=%2Fx.zip')
      }
    })
  })
}
