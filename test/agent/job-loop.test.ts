import { createHash, randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startAgent, type RunningAgent } from '../../src/agent/agent.js'
import type { AgentLog } from '../../src/agent/log.js'
import type { LeasedJob } from '../../src/agent/protocol.js'
import { normalizeApiRequest } from '../../src/domain/checks/api.js'
import type { CheckRunner, CheckRunSpec } from '../../src/runners/contract.js'
import { buildRunners } from '../../src/runners/index.js'
import type { ScriptSandbox } from '../../src/runners/script-sandbox.js'
import { startFakeService, type FakeService } from '../helpers/agent-protocol-fake.js'
import { runDoc } from '../helpers/run-spec.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

const KEY = 'pl_test_agent_key_0123456789'
const noScripts: ScriptSandbox = { runSetup: () => Promise.reject(new Error('no scripts')), runTeardown: () => Promise.reject(new Error('no scripts')) }

let target: Target
let service: FakeService
let agent: RunningAgent | undefined
const logged: Array<{ level: string; message: string }> = []
const log: AgentLog = {
  debug: (_f, m) => logged.push({ level: 'debug', message: m }),
  info: (_f, m) => logged.push({ level: 'info', message: m }),
  warn: (_f, m) => logged.push({ level: 'warn', message: m }),
  error: (_e, m) => logged.push({ level: 'error', message: m }),
}

beforeAll(async () => {
  target = await startHttpTarget()
})
afterAll(async () => {
  await target.close()
})
afterEach(async () => {
  await agent?.stop(2000)
  agent = undefined
  await service.close()
  logged.length = 0
})

const apiSpec = (urlPath: string): CheckRunSpec => ({
  checkId: 'check-1',
  checkName: 'api',
  checkType: 'API',
  doc: runDoc('API', {
    request: normalizeApiRequest({
      url: `${target.url}${urlPath}`,
      method: 'GET',
      assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200', property: '', regex: null }],
    }),
    degradedResponseTime: 5000,
    maxResponseTime: 20000,
    shouldFail: false,
  }),
  variables: {},
  scripts: { setup: [], teardown: [] },
})

const job = (checkType: string, spec: unknown, extra: Partial<LeasedJob> = {}): LeasedJob => ({
  jobId: randomUUID(),
  leaseToken: randomUUID(),
  leaseUntil: new Date(Date.now() + 300_000).toISOString(),
  checkId: 'check-1',
  checkType,
  attempt: 1,
  location: 'office-lan',
  spec,
  ...extra,
})

async function until(what: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await what())) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}

const health = async (p: string) => {
  const res = await fetch(`http://127.0.0.1:${agent?.healthPort ?? 0}${p}`)
  return { status: res.status, text: await res.text() }
}

async function start(runners: Partial<Record<string, CheckRunner>> = buildRunners({ sandbox: noScripts }), concurrency = 2): Promise<RunningAgent> {
  agent = await startAgent({
    serviceUrl: service.url,
    apiKey: KEY,
    jobConcurrency: concurrency,
    healthPort: 0,
    healthHost: '127.0.0.1',
    externalObservability: true,
    runners,
    log,
    agentVersion: '9.9.9',
    backoff: { baseMs: 40, capMs: 200, factor: 2 },
    waitSeconds: 1,
  })
  return agent
}

describe('agent job loop against a fake protocol server', () => {
  it('leases a job, runs it for real against a local target and posts its measured result', async () => {
    service = await startFakeService(KEY)
    await start()
    await until(() => service.leases.length > 0)
    const lease = service.leases[0]
    // The lease names exactly the types this agent has runners for: every built-in one.
    expect(lease).toMatchObject({ capacity: 2, waitSeconds: 1, checkTypes: Object.keys(buildRunners({ sandbox: noScripts })) })
    expect(lease?.checkTypes).toEqual(expect.arrayContaining(['API', 'URL', 'TCP', 'DNS', 'ICMP', 'GRPC', 'SSL', 'TRACEROUTE']))
    expect(lease?.headers['x-picket-agent']).toBe(agent?.agentId)
    expect(lease?.headers['x-picket-agent-version']).toBe('9.9.9')
    const hitsBefore = target.hits
    const leased = job('API', apiSpec('/json'), { dueAt: new Date(Date.now() - 2000).toISOString() })
    service.queue(leased)
    await until(() => service.results.length === 1)
    expect(target.hits).toBe(hitsBefore + 1)
    const posted = service.results[0]
    expect(posted?.jobId).toBe(leased.jobId)
    expect(posted?.leaseToken).toBe(leased.leaseToken)
    expect(posted?.result).toMatchObject({ status: 'passing', hasFailures: false, errorKind: null })
    expect(posted?.result).not.toHaveProperty('release')
    const phases = posted?.result.timingPhases as Record<string, number>
    for (const phase of ['wait', 'dns', 'tcp', 'firstByte', 'download', 'total']) expect(typeof phases[phase]).toBe('number')
    expect(phases.total).toBeGreaterThan(0)
    expect((await health('/-/readiness')).status).toBe(200)
    expect((await health('/-/liveness')).status).toBe(200)
    expect(JSON.parse((await health('/health')).text)).toEqual({ status: 'ok', version: '9.9.9', jobsInFlight: 0, connected: true })
    const metrics = (await health('/metrics')).text
    expect(metrics).toContain('picket_agent_jobs_run_total 1')
    expect(metrics).toContain('picket_agent_jobs_failed_total 0')
    expect(metrics).toContain('picket_agent_queue_wait_seconds_count 1')
    expect(metrics).toContain('picket_agent_queue_wait_seconds_bucket{le="1"} 0')
    // A job from a service that sends no dueAt runs as well; its queue wait is not observed.
    service.queue(job('API', apiSpec('/json')))
    await until(() => service.results.length === 2)
    const after = (await health('/metrics')).text
    expect(after).toContain('picket_agent_jobs_run_total 2')
    expect(after).toContain('picket_agent_queue_wait_seconds_count 1')
    await until(() => logged.some((l) => l.message === 'No jobs. Waiting..'), 5000)
  })

  it('uploads an artifact streamed from its file before the result that lists it, then releases the run', async () => {
    service = await startFakeService(KEY)
    const dir = await mkdtemp(path.join(os.tmpdir(), 'agent-artifact-'))
    const file = path.join(dir, 'trace.zip')
    const content = Buffer.alloc(3 * 1024 * 1024, 7)
    await writeFile(file, content)
    let released = 0
    const browserLike: CheckRunner = {
      run: async (_spec, ctx) => ({
        status: 'passing',
        hasFailures: false,
        hasErrors: false,
        isDegraded: false,
        overMaxResponseTime: false,
        errorKind: null,
        errorMessage: null,
        networkError: false,
        responseTime: 5,
        startedAt: ctx.now(),
        stoppedAt: ctx.now(),
        assertions: [],
        timingPhases: { total: 5 },
        details: {},
        jobLog: [],
        artifacts: [{ type: 'trace', name: 'trace.zip', path: file, contentType: 'application/zip' }],
        release: async () => {
          await rm(dir, { recursive: true, force: true })
          released += 1
        },
      }),
    }
    await start({ BROWSER: browserLike })
    const leased = job('BROWSER', {})
    service.queue(leased)
    await until(() => service.results.length === 1)
    expect(service.artifacts).toEqual([
      {
        jobId: leased.jobId,
        name: 'trace.zip',
        leaseToken: leased.leaseToken,
        contentType: 'application/zip',
        bytes: content.length,
        chunks: expect.any(Number),
        sha256: createHash('sha256').update(content).digest('hex'),
      },
    ])
    expect(service.artifacts[0]?.chunks).toBeGreaterThan(1)
    expect(service.results[0]?.result.artifacts).toEqual([{ type: 'trace', name: 'trace.zip', contentType: 'application/zip' }])
    await until(() => released === 1)
    expect(existsSync(dir)).toBe(false)
  })

  it('keeps a result through an outage (503, then the service down) and delivers it once when it is back', async () => {
    service = await startFakeService(KEY)
    await start()
    await until(() => service.leases.length > 0)
    service.failResults(503, 2)
    const leased = job('API', apiSpec('/json'))
    service.queue(leased)
    await until(() => service.resultPosts >= 1)
    await service.down()
    await until(() => logged.some((l) => l.message === 'Cannot lease jobs'))
    expect((await health('/-/readiness')).status).toBe(503)
    expect(JSON.parse((await health('/health')).text)).toMatchObject({ status: 'disconnected', connected: false })
    expect((await health('/metrics')).text).toContain('picket_agent_outbox_size 1')
    expect(service.results).toHaveLength(0)
    await service.up()
    await until(() => service.results.length === 1)
    await until(async () => (await health('/-/readiness')).status === 200)
    expect(service.results[0]?.leaseToken).toBe(leased.leaseToken)
    expect(service.resultPosts).toBeGreaterThanOrEqual(3)
    expect(agent?.loop.status().outboxSize).toBe(0)
    await new Promise((r) => setTimeout(r, 300))
    expect(service.results).toHaveLength(1)
  })

  it('drops a result whose lease was lost (409) with a log line', async () => {
    service = await startFakeService(KEY)
    await start()
    const leased = job('API', apiSpec('/json'))
    service.lostLeases.add(leased.leaseToken)
    service.queue(leased)
    await until(() => service.resultPosts === 1)
    await until(() => agent?.loop.status().outboxSize === 0)
    expect(service.results).toHaveLength(0)
    expect(logged.some((l) => l.level === 'warn' && /lease of this job was lost/.test(l.message))).toBe(true)
  })

  it('on stop: leases no more, readiness 503, finishes the job in hand and posts its result', async () => {
    service = await startFakeService(KEY)
    const running = await start()
    await until(() => service.leases.length > 0)
    const leased = job('API', apiSpec('/slow?ms=700'))
    service.queue(leased)
    await until(() => running.loop.status().inFlight === 1)
    const stopped = running.stop(10_000)
    await until(() => running.loop.status().stopping)
    expect((await health('/-/readiness')).status).toBe(503)
    expect(JSON.parse((await health('/health')).text)).toMatchObject({ status: 'stopping', jobsInFlight: 1 })
    const leasesAtStop = service.leases.length
    service.queue(job('API', apiSpec('/json')))
    expect(await stopped).toEqual({ drained: true })
    agent = undefined
    expect(service.results.map((r) => r.jobId)).toEqual([leased.jobId])
    expect(service.results[0]?.result).toMatchObject({ status: 'passing' })
    expect(service.leases.length).toBe(leasesAtStop)
  })

  it('reports an error-level event with only the five scrubbed fields', async () => {
    service = await startFakeService(KEY)
    const running = await start()
    running.reportError(new Error('failed GET https://user:pw@intranet.local/a?token=abc with Authorization: Bearer pk_x'))
    await until(() => service.errors.length === 1)
    const report = service.errors[0] as Record<string, string>
    expect(Object.keys(report).sort()).toEqual(['agentVersion', 'message', 'platform', 'runtimeVersion', 'stack'])
    expect(report.agentVersion).toBe('9.9.9')
    expect(report.runtimeVersion).toBe(process.version)
    for (const forbidden of ['user:pw', 'token=abc', 'abc', 'pk_x', KEY]) expect(JSON.stringify(report)).not.toContain(forbidden)
  })

  it('is not ready while the key is refused', async () => {
    service = await startFakeService('pl_some_other_key_000000')
    await start()
    await until(() => logged.some((l) => l.message === 'Cannot lease jobs'))
    expect((await health('/-/readiness')).status).toBe(503)
  })
})
