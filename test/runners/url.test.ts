import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { urlCheck } from '../../src/domain/checks/url.js'
import type { CheckRunSpec, RunContext } from '../../src/runners/contract.js'
import { urlRunner } from '../../src/runners/url.js'
import { runDoc } from '../helpers/run-spec.js'
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

const ctx: RunContext = { location: 'local', now: () => Date.now() }
const runner = urlRunner()
const normalize = urlCheck.fields.request?.normalize as (v: unknown) => unknown
const spec = (request: Record<string, unknown>, extra: Record<string, unknown> = {}): CheckRunSpec => ({
  checkId: 'u1',
  checkName: 'url',
  checkType: 'URL',
  doc: runDoc('URL', { request: normalize(request), degradedResponseTime: 3000, maxResponseTime: 5000, shouldFail: false, ...extra }),
  variables: {},
  scripts: { setup: [], teardown: [] },
})
const status = (comparison: string, target: number) => ({ source: 'STATUS_CODE', comparison, target })

describe('URL runner', () => {
  it('GETs the URL with API-style phases and status-code assertions', async () => {
    const r = await runner.run(
      spec({ url: `${target.url}/json`, assertions: [status('EQUALS', 200), status('LESS_THAN', 300), status('GREATER_THAN', 199), status('NOT_EQUALS', 404)] }),
      ctx,
    )
    expect(r).toMatchObject({ status: 'passing', errorKind: null })
    expect(r.assertions.every((a) => a.passed)).toBe(true)
    for (const p of ['wait', 'dns', 'tcp', 'tls', 'firstByte', 'download', 'total']) expect(r.timingPhases[p]).toBeGreaterThanOrEqual(0)
    expect((r.details.response as { status: number }).status).toBe(200)
    expect((r.details.response as { body: string }).body).toBe('')
  })

  it('fails on an error status and on a failed status assertion', async () => {
    expect((await runner.run(spec({ url: `${target.url}/status/503` }), ctx)).errorKind).toBe('STATUS')
    expect((await runner.run(spec({ url: `${target.url}/status/404`, assertions: [status('EQUALS', 404)] }), ctx)).status).toBe('passing')
    expect((await runner.run(spec({ url: `${target.url}/json`, assertions: [status('EQUALS', 201)] }), ctx)).errorKind).toBe('ASSERTION')
  })

  it('follows redirects unless told not to', async () => {
    expect((await runner.run(spec({ url: `${target.url}/redirect/2`, assertions: [status('EQUALS', 200)] }), ctx)).status).toBe('passing')
    expect((await runner.run(spec({ url: `${target.url}/redirect/2`, followRedirects: false, assertions: [status('EQUALS', 302)] }), ctx)).status).toBe('passing')
  })

  it('checks certificates unless skipSSL', async () => {
    expect((await runner.run(spec({ url: `${tls.url}/json` }), ctx)).errorKind).toBe('TLS')
    expect((await runner.run(spec({ url: `${tls.url}/json`, skipSSL: true }), ctx)).status).toBe('passing')
  })

  it('is degraded or failing by response time', async () => {
    const url = `${target.url}/slow?ms=60`
    expect((await runner.run(spec({ url }, { degradedResponseTime: 1, maxResponseTime: 100000 }), ctx)).status).toBe('degraded')
    expect((await runner.run(spec({ url }, { degradedResponseTime: 1, maxResponseTime: 5 }), ctx)).errorKind).toBe('OVER_MAX_RESPONSE_TIME')
  })

  it('reports network errors and timeouts', async () => {
    expect(await runner.run(spec({ url: `http://127.0.0.1:${await freePort()}/` }), ctx)).toMatchObject({ errorKind: 'NETWORK', networkError: true })
    expect((await urlRunner({ timeoutMs: 100 }).run(spec({ url: `${target.url}/slow?ms=2000` }), ctx)).errorKind).toBe('TIMEOUT')
  })
})
