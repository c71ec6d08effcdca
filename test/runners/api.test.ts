import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normalizeApiRequest } from '../../src/domain/checks/api.js'
import { apiRunner } from '../../src/runners/api.js'
import type { CheckRunSpec, RunContext } from '../../src/runners/contract.js'
import type { ScriptSandbox } from '../../src/runners/script-sandbox.js'
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
const noScripts: ScriptSandbox = {
  runSetup: () => Promise.reject(new Error('no scripts expected')),
  runTeardown: () => Promise.reject(new Error('no scripts expected')),
}
const runner = apiRunner({ sandbox: noScripts })

const spec = (request: Record<string, unknown>, extra: Record<string, unknown> = {}, variables: Record<string, string> = {}): CheckRunSpec => ({
  checkId: 'check-1',
  checkName: 'api',
  checkType: 'API',
  doc: runDoc('API', { request: normalizeApiRequest(request), degradedResponseTime: 5000, maxResponseTime: 20000, shouldFail: false, ...extra }),
  variables,
  scripts: { setup: [], teardown: [] },
})
const as = (source: string, comparison: string, target = '', property = '', regex: string | null = null) => ({ source, comparison, target, property, regex })
const echoed = (details: Record<string, unknown>) =>
  JSON.parse((details.response as { body: string }).body) as { method: string; url: string; headers: Record<string, string>; body: string }

describe('API runner: assertions through real requests', () => {
  it('passes every source and comparison against a JSON endpoint', async () => {
    const assertions = [
      as('STATUS_CODE', 'EQUALS', '200'),
      as('STATUS_CODE', 'LESS_THAN', '300'),
      as('RESPONSE_TIME', 'LESS_THAN', '10000'),
      as('LATENCY', 'GREATER_THAN', '-1'),
      as('HEADERS', 'CONTAINS', 'application/json', 'Content-Type'),
      as('HEADERS', 'EQUALS', '123', 'x-request-id', 'req-(\\d+)'),
      as('HEADERS', 'NOT_NULL', '', 'X-REQUEST-ID'),
      as('JSON_BODY', 'EQUALS', 'picket', '$.name'),
      as('JSON_BODY', 'NOT_EQUALS', 'other', '$.name'),
      as('JSON_BODY', 'HAS_KEY', 'deep', '$.nested'),
      as('JSON_BODY', 'NOT_HAS_KEY', 'shallow', '$.nested'),
      as('JSON_BODY', 'HAS_VALUE', 'x', '$.nested.deep'),
      as('JSON_BODY', 'NOT_HAS_VALUE', 'y', '$.nested.deep'),
      as('JSON_BODY', 'IS_EMPTY', '', '$.empty'),
      as('JSON_BODY', 'NOT_EMPTY', '', '$.tags'),
      as('JSON_BODY', 'GREATER_THAN', '5', '$.items[*].price'),
      as('JSON_BODY', 'LESS_THAN', '4', '$.version'),
      as('JSON_BODY', 'CONTAINS', 'c', '$.tags'),
      as('JSON_BODY', 'NOT_CONTAINS', 'z', '$.tags'),
      as('JSON_BODY', 'IS_NULL', '', '$.nothing'),
      as('JSON_BODY', 'NOT_NULL', '', '$.active'),
      as('JSON_BODY', 'EQUALS', '3', '$.tags.length'),
    ]
    const r = await runner.run(spec({ url: `${target.url}/json`, assertions }), ctx)
    expect(r.assertions.filter((a) => !a.passed)).toEqual([])
    expect(r).toMatchObject({ status: 'passing', hasFailures: false, errorKind: null, isDegraded: false })
    expect(r.assertions).toHaveLength(assertions.length)
    expect(r.responseTime).toBeGreaterThanOrEqual(0)
    for (const p of ['wait', 'dns', 'tcp', 'tls', 'firstByte', 'download', 'total']) expect(r.timingPhases[p]).toBeGreaterThanOrEqual(0)
    expect(r.stoppedAt).toBeGreaterThanOrEqual(r.startedAt)
  })

  it('reads TEXT_BODY with and without a regex', async () => {
    const r = await runner.run(
      spec({
        url: `${target.url}/text`,
        assertions: [as('TEXT_BODY', 'CONTAINS', 'picket'), as('TEXT_BODY', 'EQUALS', '1.2.3', 'version=([\\d.]+)')],
      }),
      ctx,
    )
    expect(r.status).toBe('passing')
    expect(r.assertions[1]?.actual).toBe('1.2.3')
  })

  it('fails on a failed assertion, naming it', async () => {
    const r = await runner.run(spec({ url: `${target.url}/json`, assertions: [as('JSON_BODY', 'EQUALS', 'nope', '$.name')] }), ctx)
    expect(r).toMatchObject({ status: 'failing', hasFailures: true, errorKind: 'ASSERTION' })
    expect(r.errorMessage).toBe('Assertion failed: JSON_BODY $.name EQUALS "nope" (actual: "picket")')
  })

  it('fails JSON_BODY on a body that is not JSON', async () => {
    const r = await runner.run(spec({ url: `${target.url}/not-json`, assertions: [as('JSON_BODY', 'NOT_NULL', '', '$.a')] }), ctx)
    expect(r.errorKind).toBe('ASSERTION')
    expect(r.assertions[0]?.error).toMatch(/not valid JSON/)
  })

  it('decodes a gzip body before asserting', async () => {
    const r = await runner.run(spec({ url: `${target.url}/gzip`, assertions: [as('JSON_BODY', 'EQUALS', 'picket', '$.name')] }), ctx)
    expect(r.status).toBe('passing')
  })
})

describe('API runner: the request', () => {
  it.each([
    ['JSON', '{"a":1}', [], 'application/json'],
    ['GRAPHQL', '{"query":"{ me }"}', [], 'application/json'],
    ['FORM', 'a=1&b=2', [], 'application/x-www-form-urlencoded'],
    ['RAW', '<x/>', [{ key: 'Content-Type', value: 'application/xml' }], 'application/xml'],
    ['JSON', '{"a":1}', [{ key: 'content-type', value: 'application/vnd.api+json' }], 'application/vnd.api+json'],
  ])('body type %s sends %s', async (bodyType, body, headers, contentType) => {
    const r = await runner.run(spec({ method: 'POST', url: `${target.url}/echo`, bodyType, body, headers }), ctx)
    const e = echoed(r.details)
    expect(e).toMatchObject({ method: 'POST', body })
    expect(e.headers['content-type']).toBe(contentType)
  })

  it('sends no body for NONE', async () => {
    const r = await runner.run(spec({ method: 'POST', url: `${target.url}/echo`, bodyType: 'NONE', body: 'ignored' }), ctx)
    expect(echoed(r.details).body).toBe('')
  })

  it('sets User-Agent unless the user does, basic auth, query parameters and interpolation', async () => {
    const variables = { TOKEN: 'a b', USER: 'al:ice', PASS: 'p@ss', Q: 'x&y', PATH: 'echo' }
    const r = await runner.run(
      spec(
        {
          url: `${target.url}/{{{PATH}}}?fixed=1`,
          headers: [
            { key: 'X-Token', value: 'Bearer {{{TOKEN}}}' },
            { key: 'X-Encoded', value: '{{TOKEN}}' },
            { key: 'X-Id', value: '{{$UUID}}', locked: true },
          ],
          queryParameters: [
            { key: 'q', value: '{{Q}}' },
            { key: 'raw', value: 'a b' },
          ],
          basicAuth: { username: '{{USER}}', password: '{{PASS}}' },
          assertions: [as('STATUS_CODE', 'EQUALS', '200')],
        },
        {},
        variables,
      ),
      ctx,
    )
    expect(r.status).toBe('passing')
    const e = echoed(r.details)
    expect(e.url).toBe('/echo?fixed=1&q=x%26y&raw=a%20b')
    expect(e.headers['user-agent']).toBe('Picket/1.0')
    expect(e.headers['x-token']).toBe('Bearer a b')
    expect(e.headers['x-encoded']).toBe('a%20b')
    expect(e.headers['x-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(e.headers.authorization).toBe(`Basic ${Buffer.from('al:ice:p@ss').toString('base64')}`)
    const shown = (r.details.request as { headers: Record<string, string> }).headers
    expect(shown.Authorization).toBe('********')
    expect(shown['X-Id']).toBe('********')
    const custom = await runner.run(spec({ url: `${target.url}/echo`, headers: [{ key: 'user-agent', value: 'mine' }] }), ctx)
    expect(echoed(custom.details).headers['user-agent']).toBe('mine')
  })

  it('fails with CONFIG on an unresolved variable in the URL, without a request', async () => {
    const before = target.hits
    const r = await runner.run(spec({ url: `${target.url}/{{MISSING}}` }), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'CONFIG', errorMessage: 'Unresolved variable {{MISSING}} in the request URL' })
    expect(target.hits).toBe(before)
  })
})

describe('API runner: verdicts', () => {
  it('fails an HTTP error status unless a STATUS_CODE assertion decides or shouldFail', async () => {
    const url = `${target.url}/status/500`
    expect(await runner.run(spec({ url }), ctx)).toMatchObject({ status: 'failing', errorKind: 'STATUS', errorMessage: 'HTTP status 500 Internal Server Error' })
    expect((await runner.run(spec({ url, assertions: [as('STATUS_CODE', 'EQUALS', '500')] }), ctx)).status).toBe('passing')
    expect((await runner.run(spec({ url }, { shouldFail: true }), ctx)).status).toBe('passing')
    expect((await runner.run(spec({ url: `${target.url}/json` }, { shouldFail: true }), ctx)).status).toBe('passing')
    const failed = await runner.run(spec({ url, assertions: [as('TEXT_BODY', 'CONTAINS', 'nope')] }, { shouldFail: true }), ctx)
    expect(failed.errorKind).toBe('ASSERTION')
  })

  it('is degraded over degradedResponseTime and fails over maxResponseTime', async () => {
    const url = `${target.url}/slow?ms=60`
    const degraded = await runner.run(spec({ url }, { degradedResponseTime: 1, maxResponseTime: 100000 }), ctx)
    expect(degraded).toMatchObject({ status: 'degraded', isDegraded: true, hasFailures: false, overMaxResponseTime: false })
    const over = await runner.run(spec({ url }, { degradedResponseTime: 1, maxResponseTime: 5 }), ctx)
    expect(over).toMatchObject({ status: 'failing', errorKind: 'OVER_MAX_RESPONSE_TIME', overMaxResponseTime: true })
  })

  it('times out with TIMEOUT', async () => {
    const r = await apiRunner({ sandbox: noScripts, timeoutMs: 150 }).run(spec({ url: `${target.url}/slow?ms=3000` }), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'TIMEOUT', networkError: false })
  })

  it('maps refused connections, unknown hosts and bad certificates', async () => {
    const refused = await runner.run(spec({ url: `http://127.0.0.1:${await freePort()}/` }), ctx)
    expect(refused).toMatchObject({ errorKind: 'NETWORK', networkError: true, hasFailures: true })
    expect((refused.details as { requestError: string }).requestError).toMatch(/ECONNREFUSED/)
    expect((await runner.run(spec({ url: 'http://picket-nx.invalid/' }), ctx)).errorKind).toBe('DNS')
    expect((await runner.run(spec({ url: `${tls.url}/json` }), ctx)).errorKind).toBe('TLS')
    expect((await runner.run(spec({ url: `${tls.url}/json`, skipSSL: true }), ctx)).status).toBe('passing')
  })

  it('follows redirects or reports the redirect itself', async () => {
    const followed = await runner.run(spec({ url: `${target.url}/redirect/2`, assertions: [as('JSON_BODY', 'EQUALS', 'picket', '$.name')] }), ctx)
    expect(followed.status).toBe('passing')
    expect(followed.jobLog.filter((l) => l.startsWith('Redirect 302'))).toHaveLength(2)
    const kept = await runner.run(spec({ url: `${target.url}/redirect/2`, followRedirects: false, assertions: [as('STATUS_CODE', 'EQUALS', '302')] }), ctx)
    expect(kept.status).toBe('passing')
  })
})

describe('API runner: stored response', () => {
  const response = (r: { details: Record<string, unknown> }) => r.details.response as { body: string; bodyTruncated: boolean; bodyScrubbed: boolean; bodySize: number }

  it('truncates the stored body to 64 KiB', async () => {
    const r = await runner.run(spec({ url: `${target.url}/large?bytes=200000`, assertions: [as('TEXT_BODY', 'NOT_EMPTY')] }), ctx)
    expect(response(r)).toMatchObject({ bodyTruncated: true, bodySize: 200000 })
    expect(response(r).body).toHaveLength(64 * 1024)
  })

  it('scrubs binary bodies unless a TEXT_BODY assertion needs them', async () => {
    const scrubbed = await runner.run(spec({ url: `${target.url}/binary` }), ctx)
    expect(response(scrubbed)).toMatchObject({ body: '', bodyScrubbed: true })
    const kept = await runner.run(spec({ url: `${target.url}/binary`, assertions: [as('TEXT_BODY', 'CONTAINS', 'payload marker')] }), ctx)
    expect(kept.status).toBe('passing')
    expect(response(kept).body).toContain('payload marker')
  })
})

describe('API runner: setup and teardown scripts (fake sandbox, ordering only)', () => {
  const withScripts = (setup: string[], teardown: string[]): CheckRunSpec => ({
    ...spec({ url: `${target.url}/echo`, headers: [{ key: 'X-Env', value: '{{{FROM_SETUP}}}' }], assertions: [as('JSON_BODY', 'EQUALS', 'true', '$.teardown')] }),
    scripts: { setup, teardown },
  })
  const fake = (events: string[]): ScriptSandbox => ({
    async runSetup(script, { request, env }) {
      events.push(script)
      if (script.startsWith('fail')) return { ok: false, error: 'boom', logs: [`log ${script}`] }
      return { ok: true, request: { ...request, headers: { ...request.headers, [`X-${script}`]: '1' } }, env: { ...env, FROM_SETUP: script }, logs: [`log ${script}`] }
    },
    async runTeardown(script, { response }) {
      events.push(script)
      if (script.startsWith('fail')) return { ok: false, error: 'teardown boom', logs: [] }
      return { ok: true, response: { ...response, statusCode: 599, body: JSON.stringify({ ...JSON.parse(response.body), teardown: true }) }, logs: [`log ${script}`] }
    },
  })

  it('runs setup scripts in order before templating and teardown scripts before assertions', async () => {
    const events: string[] = []
    const r = await apiRunner({ sandbox: fake(events) }).run(withScripts(['group-setup', 'check-setup'], ['check-teardown', 'group-teardown']), ctx)
    expect(events).toEqual(['group-setup', 'check-setup', 'check-teardown', 'group-teardown'])
    expect(r.status).toBe('passing')
    expect(r.jobLog).toEqual(expect.arrayContaining(['log group-setup', 'log check-setup', 'log check-teardown']))
    const body = JSON.parse((r.details.response as { body: string }).body) as { headers: Record<string, string>; teardown: boolean }
    expect(body.headers['x-env']).toBe('check-setup')
    expect(body.headers['x-group-setup']).toBe('1')
    expect(body.teardown).toBe(true)
    expect((r.details.response as { status: number }).status).toBe(200)
  })

  it('aborts on a setup failure: no request, no assertions', async () => {
    const events: string[] = []
    const before = target.hits
    const r = await apiRunner({ sandbox: fake(events) }).run(withScripts(['fail-setup', 'never'], ['never']), ctx)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'SETUP_SCRIPT', errorMessage: 'Setup script 1 failed: boom', assertions: [] })
    expect(events).toEqual(['fail-setup'])
    expect(target.hits).toBe(before)
    expect(r.jobLog).toContain('log fail-setup')
  })

  it('records a teardown failure and still runs the assertions', async () => {
    const events: string[] = []
    const r = await apiRunner({ sandbox: fake(events) }).run(withScripts([], ['fail-teardown', 'group-teardown']), ctx)
    expect(events).toEqual(['fail-teardown', 'group-teardown'])
    expect(r.assertions).toHaveLength(1)
    expect(r.assertions[0]?.passed).toBe(true)
    expect(r).toMatchObject({ status: 'failing', errorKind: 'TEARDOWN_SCRIPT', errorMessage: 'Teardown script failed: script 1: teardown boom' })
  })
})
