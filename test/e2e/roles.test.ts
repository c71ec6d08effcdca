/**
 * Roles split by configuration, as real processes on one SQLite store: an API-only instance serves the API but
 * runs nothing; an engine-only instance serves only the health routes and runs what the API instance queued.
 * MIGRATE_ON_START=off refuses to start on a database that is behind, and starts once `picket migrate` ran.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'
import { PROCESS_TEST_TIMEOUT_MS, runCli, startServer, stopStrayProcesses, type RunningServer } from '../helpers/process.js'

const ACCOUNT = '0f9c3f8e-5a8d-4b61-9d7e-2b1f6f0c4a11'
const KEY = 'pk_roles_test_0000001'
const HEADERS = { authorization: `Bearer ${KEY}`, 'x-service-account': ACCOUNT, 'content-type': 'application/json' }
const STACK_LINE = /^\s+at /m

const dirs: string[] = []
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-roles-'))
  dirs.push(dir)
  return dir
}

const get = async (server: RunningServer, url: string) => (await fetch(`${server.baseUrl}${url}`, { headers: HEADERS })).status

describe('instances by role on one store', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let api: RunningServer
  let engine: RunningServer
  let target: Target
  const dataDir = freshDir()
  const env = { DATA_DIR: dataDir, PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY }

  beforeAll(async () => {
    target = await startHttpTarget()
    api = await startServer({ ...env, ROLES: 'api' })
    engine = await startServer({ ...env, ROLES: 'engine', MIGRATE_ON_START: 'off' })
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await api?.stop()
    await engine?.stop()
    stopStrayProcesses()
    await target?.close()
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
  })

  it.each([
    { role: 'api', url: '/v1/checks', status: 200 },
    { role: 'api', url: '/-/readiness', status: 200 },
    { role: 'engine', url: '/health', status: 200 },
    { role: 'engine', url: '/-/liveness', status: 200 },
    { role: 'engine', url: '/-/readiness', status: 200 },
    { role: 'engine', url: '/v1/checks', status: 404 },
    { role: 'engine', url: '/openapi.json', status: 404 },
    { role: 'engine', url: '/', status: 404 },
  ])('the $role instance answers $url with $status', async ({ role, url, status }) => {
    expect(await get(role === 'api' ? api : engine, url)).toBe(status)
  })

  it('logs its roles when it starts', async () => {
    // The line comes once the instance's engine has started, which can be after it began to listen.
    for (const server of [api, engine]) await expect.poll(() => server.stdout().includes('Picket is running'), { timeout: 60_000 }).toBe(true)
    expect(api.stdout()).toMatch(/"roles":\{"api":true,"engine":false,"runLocations":"all"\},"msg":"Picket is running"/)
    expect(engine.stdout()).toMatch(/"roles":\{"api":false,"engine":true,"runLocations":"all"\},"msg":"Picket is running"/)
  })

  it('runs a check triggered through the API instance on the engine instance', async () => {
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${api.baseUrl}${url}`, { method, headers: HEADERS, ...(body ? { body: JSON.stringify(body) } : {}) })
      return { status: res.status, json: (await res.json()) as Record<string, unknown> }
    }
    const check = await call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'roles', activated: false, request: { url: `${target.url}/json` } })
    expect(check.status).toBe(201)
    const trigger = await call('POST', '/v1/check-sessions/trigger', { target: { checkId: [check.json.id] } })
    expect(trigger.status).toBe(201)
    const sessionId = (trigger.json.sessions as Array<{ checkSessionId: string }>)[0]?.checkSessionId ?? ''
    // Waits (in 10 s slices, until the test's own limit) for the engine instance to run it.
    let done = await call('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=10`)
    while (done.status === 408) done = await call('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=10`)
    expect(done.status).toBe(200)
    expect(done.json).toMatchObject({ checkSessionId: sessionId, status: 'PASSED' })
  })
})

describe('MIGRATE_ON_START=off', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('refuses to start on a database that is behind, then starts once picket migrate ran', async () => {
    const env = { DATA_DIR: path.join(freshDir(), 'data'), MIGRATE_ON_START: 'off', PORT: '0', HOST: '127.0.0.1' }
    const refused = await runCli(['serve'], env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^Picket did not start: the database \(SQLite .*\) lacks \d+ migrations .* Run "picket migrate" first/)
    expect(refused.stdout + refused.stderr).not.toMatch(STACK_LINE)
    expect((await runCli(['migrate'], env)).code).toBe(0)
    const server = await startServer(env)
    try {
      expect(await get(server, '/-/readiness')).toBe(200)
    } finally {
      await server.stop()
    }
  })
})
