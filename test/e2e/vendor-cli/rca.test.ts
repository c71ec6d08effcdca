/**
 * The reference service's own CLI asks Picket for a root-cause analysis, unchanged: a real server whose model is a
 * scripted OpenAI-compatible server on loopback, an API check whose run failed for real (its target refuses
 * connections) and so made an error group (and, run again in a test session, a test-session error group); `rca run`
 * triggers and waits for the analysis of either and prints it, `rca get` reads it back in each of the client's
 * formats, and unknown ids get the client's own errors.
 */
import fs from 'node:fs'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startScriptedModel, type ScriptedModel } from '../../helpers/model-server.js'
import { PROCESS_TEST_TIMEOUT_MS, startServer, stopStrayProcesses, type RunningServer } from '../../helpers/process.js'
import { testRunStore, type TestRunStore } from '../../helpers/scratch-database.js'
import { vendorCli, type VendorCliRun } from '../../helpers/vendor-cli.js'

const ACCOUNT = '6f1c2d3e-4a5b-4c6d-8e7f-0011223344dd'
const KEY = 'vendor-cli-rca-operator-key-0123456789'
const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const ANALYSIS = {
  classification: 'INFRA ERROR',
  userImpact: 'Customers cannot load their orders',
  rootCause: 'The orders service refuses connections on its port',
  codeFix: null,
  evidence: [{ artifacts: [{ name: 'TIMING_PHASES', type: 'TIMINGS' }], description: 'The connection is refused at once' }],
  referenceLinks: [{ title: 'Orders runbook', url: 'https://runbooks.example.com/orders' }],
}
const cli = await vendorCli()

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => resolve(port))
    })
  })

describe.skipIf(!cli)(`the reference CLI's rca against Picket (${process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'})`, { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-vendor-rca-'))
  let server: RunningServer
  let db: TestRunStore | undefined
  let model: ScriptedModel
  let base = ''
  let checkId = ''
  let groupId = ''
  let rcaId = ''
  let sessionGroupId = ''

  const call = async (method: string, url: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> & Array<Record<string, unknown>> }> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, 'x-service-account': ACCOUNT, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & Array<Record<string, unknown>> }
  }
  const rca = (args: string[]): Promise<VendorCliRun> => cli!.run(['rca', ...args], { apiUrl: base, accountId: ACCOUNT, apiKey: KEY })

  beforeAll(async () => {
    model = await startScriptedModel(() => ({ content: JSON.stringify(ANALYSIS) }))
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    db = await testRunStore('picket_vendor_rca')
    server = await startServer({
      DATA_DIR: path.join(work, 'data'),
      PORT: String(port),
      PUBLIC_BASE_URL: base,
      PICKET_ACCOUNT_ID: ACCOUNT,
      PICKET_API_KEY: KEY,
      AGENTIC_MODEL_URL: model.url,
      AGENTIC_MODEL: 'rca-model',
      ...db.env,
    })
    // Nothing listens on a port that was just free: the check's run fails with a refused connection.
    const check = await call('POST', '/v1/checks/api?autoAssignAlerts=false', {
      name: 'Orders API',
      activated: false,
      locations: ['eu-west-1'],
      request: { url: `http://127.0.0.1:${await freePort()}/orders`, method: 'GET' },
    })
    expect(check.status, JSON.stringify(check.body)).toBe(201)
    checkId = String(check.body.id)
    const trigger = await call('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })
    const sessionId = String((trigger.body.sessions as Array<{ checkSessionId: string }>)[0]?.checkSessionId)
    // The completion call waits (up to 30 s a call) for the run to end; a 408 says to ask again.
    let completion = await call('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`)
    for (let i = 0; i < 3 && completion.status !== 200; i++) completion = await call('GET', `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=30`)
    expect(completion.body.status, 'the run against the closed port').toBe('FAILED')
    const groups = await call('GET', `/v1/error-groups/checks/${checkId}`)
    groupId = String(groups.body[0]?.id)
    // The same failure in a test session makes a test-session error group.
    const session = await call('POST', '/v1/test-sessions/trigger', { name: 'Release 1.3', runLocation: 'eu-west-1', target: { checkId: [checkId], allowDeactivated: true } })
    const testSessionId = String(session.body.testSessionId)
    while ((await call('GET', `/v1/test-sessions/${testSessionId}/completion`)).status !== 200);
    const sessionGroups = await call('GET', '/v1/test-session-error-groups')
    sessionGroupId = String(sessionGroups.body[0]?.id)
  }, PROCESS_TEST_TIMEOUT_MS)

  afterAll(async () => {
    await server?.stop()
    await db?.drop()
    await model?.close()
    stopStrayProcesses()
    fs.rmSync(work, { recursive: true, force: true })
  })

  it('rca run --watch triggers the analysis of the error group, waits for the model and prints it', async () => {
    const run = await rca(['run', '--error-group', groupId, '--user-context', 'We moved the database yesterday', '--watch'])
    expect(run.code, run.output).toBe(0)
    rcaId = /RCA ID:\s+([0-9a-f-]{36})/.exec(run.output)?.[1] ?? ''
    expect(rcaId, run.output).not.toBe('')
    for (const text of [
      'Root cause analysis triggered.',
      'ROOT CAUSE ANALYSIS',
      /Classification:\s+INFRA ERROR/,
      /Root cause:\s+The orders service refuses connections on its port/,
      /User impact:\s+Customers cannot load their orders/,
      'TIMING_PHASES (TIMINGS) — The connection is refused at once',
      'Orders runbook  https://runbooks.example.com/orders',
    ])
      expect(run.output).toMatch(text)
    // The model was sent the group's error and the operator's context.
    const sent = model.raw.at(-1) ?? ''
    expect(sent).toContain('ECONNREFUSED')
    expect(sent).toContain('We moved the database yesterday')
  })

  it.each([
    ['detail', [/Classification:\s+INFRA ERROR/, /User impact:\s+Customers cannot load their orders/]],
    ['md', ['**Classification:** INFRA ERROR', '- [Orders runbook](https://runbooks.example.com/orders)']],
    ['json', ['"status": "COMPLETED"', '"classification": "INFRA ERROR"', '"model": "rca-model"']],
  ])('rca get reads the finished analysis back (-o %s)', async (format, prints) => {
    const run = await rca(['get', rcaId, '-o', format])
    expect(run.code, run.output).toBe(0)
    for (const text of prints) expect(run.output).toMatch(text)
    if (format === 'json') expect(JSON.parse(run.stdout)).toMatchObject({ id: rcaId, errorGroupId: groupId, checkId, analysis: ANALYSIS })
  })

  it('rca run without --watch answers the pending analysis and how to follow it', async () => {
    const json = await rca(['run', '-e', groupId, '-o', 'json'])
    expect(json.code, json.output).toBe(0)
    const pending = JSON.parse(json.stdout) as { id: string }
    expect(pending).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown, status: 'pending', errorGroupId: groupId })
    const detail = await rca(['run', '-e', groupId])
    expect(detail.code, detail.output).toBe(0)
    expect(detail.output).toMatch(/Status:\s+pending/)
    expect(detail.output).toContain(`checkly checks get ${checkId} --error-group ${groupId}`)
    const watched = await rca(['get', pending.id, '--watch'])
    expect(watched.code, watched.output).toBe(0)
    expect(watched.output).toMatch(/Classification:\s+INFRA ERROR/)
  })

  it('rca run --test-session-error-group --watch analyses a test session’s error group', async () => {
    const run = await rca(['run', '--test-session-error-group', sessionGroupId, '--watch'])
    expect(run.code, run.output).toBe(0)
    expect(run.output).toMatch(/Classification:\s+INFRA ERROR/)
    const id = /RCA ID:\s+([0-9a-f-]{36})/.exec(run.output)?.[1] ?? ''
    const json = await rca(['get', id, '-o', 'json'])
    expect(JSON.parse(json.stdout)).toMatchObject({ id, status: 'COMPLETED', analysis: ANALYSIS })
  })

  it.each([
    ['run of an unknown error group', ['run', '-e', UNKNOWN], `Error group not found: ${UNKNOWN}`],
    ['run of an unknown test-session error group', ['run', '--test-session-error-group', UNKNOWN], `Test session error group not found: ${UNKNOWN}`],
    ['get of an unknown analysis', ['get', UNKNOWN], 'Failed to retrieve root cause analysis.'],
  ])('rca %s fails with the client’s own error', async (_what, args, message) => {
    const run = await rca(args)
    expect(run.code, run.output).toBe(1)
    expect(run.output).toContain(message)
  })
})
