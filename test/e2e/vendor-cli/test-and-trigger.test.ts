/**
 * The hosted service's own CLI running checks on a real Picket server, unchanged but for its environment
 * (CHECKLY_API_URL, and CHECKLY_MQTT_URL for the result stream on Picket's own port): `checkly test` runs a
 * project's checks that are not deployed (test/fixtures/vendor-test-project: one passes, one fails against a local
 * target) and prints them as it does for the hosted service, exiting 1 for the failure; the session it records
 * is readable through GET /v1/test-sessions; `checkly trigger --tags` runs deployed checks and reports them;
 * `checkly pw-test` runs a Playwright project (test/fixtures/vendor-test-project/playwright) as a suite check.
 * Embedded SQLite, or a PostgreSQL database of its own when TEST_DATABASE_URL names a server.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROCESS_TEST_TIMEOUT_MS, startServer, stopStrayProcesses, type RunningServer } from '../../helpers/process.js'
import { testRunStore, type TestRunStore } from '../../helpers/scratch-database.js'
import { vendorCli, type VendorCliRun } from '../../helpers/vendor-cli.js'

const ACCOUNT = '7a1c2d3e-4a5b-4c6d-8e7f-0011223344ee'
const KEY = 'vendor-cli-test-key-0123456789abcdef'
const FIXTURE = path.resolve('test/fixtures/vendor-test-project')
const cli = await vendorCli()

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies in assertions

describe.skipIf(cli === undefined)('the vendor CLI tests and triggers checks on Picket', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-vendor-test-'))
  const project = path.join(work, 'project')
  let server: RunningServer
  let database: TestRunStore | undefined
  let target: http.Server
  let targetUrl = ''

  const run = (args: string[], cwd = project): Promise<VendorCliRun> =>
    cli!.run(args, {
      apiUrl: server.baseUrl,
      accountId: ACCOUNT,
      apiKey: KEY,
      cwd,
      env: { CHECKLY_MQTT_URL: `${server.baseUrl.replace(/^http/, 'ws')}/mqtt`, TARGET_URL: targetUrl },
    })
  const api = async (method: string, url: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, 'x-service-account': ACCOUNT, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return { status: res.status, body: (await res.json()) as Json }
  }
  /** The checks left once the test run's temporary ones are removed (right after the run ends). */
  const checksAfterRun = async (): Promise<Json[]> => {
    for (;;) {
      const { body } = await api('GET', '/v1/checks')
      if (!(body as Json[]).some((c) => String(c.name).endsWith('endpoint'))) return body as Json[]
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  beforeAll(async () => {
    target = http.createServer((req, res) => {
      res.writeHead(req.url === '/ok' ? 200 : 500, { 'content-type': 'text/plain' })
      res.end(req.url === '/ok' ? 'fine' : 'broken')
    })
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r))
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
    fs.cpSync(FIXTURE, project, { recursive: true })
    fs.mkdirSync(path.join(project, 'node_modules'))
    fs.symlinkSync(cli!.root, path.join(project, 'node_modules', 'checkly'), 'dir')
    database = await testRunStore('picket_vendor_test')
    server = await startServer({ DATA_DIR: path.join(work, 'data'), PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY, ...database.env })
  }, PROCESS_TEST_TIMEOUT_MS)

  afterAll(async () => {
    await server?.stop()
    target?.close()
    stopStrayProcesses()
    await database?.drop()
    fs.rmSync(work, { recursive: true, force: true })
  }, PROCESS_TEST_TIMEOUT_MS)

  it('checkly test reports the failing check with its details and the passing one, and exits 1', async () => {
    const result = await run(['test', '--no-record'])
    expect(result.code, result.output).toBe(1)
    for (const line of ['✖ Broken endpoint', '✔ Healthy endpoint', '1 failed, 1 passed, 2 total', 'Status Code: 500', '✖ status code equals target "200". Received: 500.']) {
      expect(result.output, result.output).toContain(line)
    }
    expect(result.output).not.toContain('✖ Healthy endpoint')
    // Nothing of the run stays deployed.
    expect(await checksAfterRun()).toEqual([])
  })

  it('checkly test --record keeps the test session, readable through the API', async () => {
    const result = await run(['test', '--record', '--test-session-name', 'recorded vendor run'])
    expect(result.code, result.output).toBe(1)
    const { body } = await api('GET', '/v1/test-sessions?limit=20')
    const entry = (body.entries as Json[]).find((e) => e.name === 'recorded vendor run')
    expect(entry).toMatchObject({ status: 'FAILED', region: 'eu-central-1' })
    expect([entry?.passed?.length, entry?.failed?.length]).toEqual([1, 1])
    const session = await api('GET', `/v1/test-sessions/${String(entry?.id)}`)
    expect(session.status).toBe(200)
    expect((session.body.results as Json[]).map((r) => [r.name, r.status]).sort()).toEqual([
      ['Broken endpoint', 'FAILED'],
      ['Healthy endpoint', 'PASSED'],
    ])
    expect(result.output).toContain(String(entry?.id))
  })

  it('checkly trigger --tags runs the deployed checks with that tag and reports them', async () => {
    const create = (name: string, urlPath: string, tags: string[]) =>
      api('POST', '/v1/checks/api?autoAssignAlerts=false', {
        name,
        activated: true,
        frequency: 60,
        tags,
        locations: ['eu-central-1'],
        retryStrategy: null,
        request: { method: 'GET', url: `${targetUrl}${urlPath}`, assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      })
    for (const [name, urlPath, tags] of [
      ['deployed up', '/ok', ['release']],
      ['deployed down', '/down', ['release']],
      ['not triggered', '/ok', ['other']],
    ] as const) {
      expect((await create(name, urlPath, [...tags])).status).toBe(201)
    }
    const result = await run(['trigger', '--tags', 'release'], work)
    expect(result.code, result.output).toBe(1)
    for (const line of ['✔ deployed up', '✖ deployed down', '1 failed, 1 passed, 2 total']) expect(result.output, result.output).toContain(line)
    expect(result.output).not.toContain('not triggered')

    const none = await run(['trigger', '--tags', 'no-such-tag'], work)
    expect(none.output).toContain('No matching checks were found.')
  })
  it('checkly pw-test runs a Playwright project as a suite check, passing or failing as its tests do', async () => {
    const pw = path.join(work, 'playwright')
    fs.cpSync(path.join(FIXTURE, 'playwright'), pw, { recursive: true })
    fs.mkdirSync(path.join(pw, 'node_modules', '@playwright'), { recursive: true })
    fs.symlinkSync(cli!.root, path.join(pw, 'node_modules', 'checkly'), 'dir')
    // The client reads the project's Playwright locally: Picket's own install of the same version.
    for (const pkg of ['@playwright/test', 'playwright', 'playwright-core']) fs.symlinkSync(path.resolve('node_modules', pkg), path.join(pw, 'node_modules', pkg), 'dir')
    const passed = await run(['pw-test', '--no-record'], pw)
    expect(passed.code, passed.output).toBe(0)
    expect(passed.output).toContain('1 passed, 1 total')

    const spec = path.join(pw, 'tests', 'arithmetic.spec.ts')
    fs.writeFileSync(spec, fs.readFileSync(spec, 'utf8').replace('toBe(2)', 'toBe(3)'))
    const failed = await run(['pw-test', '--no-record'], pw)
    expect(failed.code, failed.output).toBe(1)
    expect(failed.output).toContain('1 failed, 1 total')
  })
})
