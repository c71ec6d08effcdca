/**
 * A private location runs SSL, traceroute and agentic checks with the same runners as the service: the agent (with
 * a model endpoint, as AGENTIC_MODEL_URL gives it) leases each job from a fake protocol server, runs it against a
 * local target (a TLS server, loopback, a page driven by real Chromium and a scripted model) and posts the result.
 */
import { randomUUID } from 'node:crypto'
import tls from 'node:tls'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAgent, type RunningAgent } from '../../src/agent/agent.js'
import type { AgentLog } from '../../src/agent/log.js'
import { sslCheck } from '../../src/domain/checks/ssl.js'
import { tracerouteCheck } from '../../src/domain/checks/traceroute.js'
import { agenticRunner } from '../../src/runners/agentic/runner.js'
import type { CheckRunSpec } from '../../src/runners/contract.js'
import { buildRunners } from '../../src/runners/index.js'
import type { ScriptSandbox } from '../../src/runners/script-sandbox.js'
import { startFakeService, type FakeService } from '../helpers/agent-protocol-fake.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { call, startScriptedModel, type ScriptedModel } from '../helpers/model-server.js'
import { runDoc } from '../helpers/run-spec.js'
import { makeSslCerts, type SslCerts } from '../helpers/ssl-certs.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

const KEY = 'pl_test_agent_key_ssl_trace_agentic_01'
const noScripts: ScriptSandbox = { runSetup: () => Promise.reject(new Error('no scripts')), runTeardown: () => Promise.reject(new Error('no scripts')) }
const quiet: AgentLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }
const normalizeSsl = sslCheck.fields.request.normalize as (v: unknown) => unknown
const normalizeTrace = tracerouteCheck.fields.request.normalize as (v: unknown) => unknown

interface Targets {
  tlsPort: number
  pageUrl: string
}
type JobCase = [checkType: 'SSL' | 'TRACEROUTE' | 'AGENTIC', fields: (t: Targets) => Record<string, unknown>, details: Record<string, unknown>]

const JOBS: JobCase[] = [
  [
    'SSL',
    (t) => ({
      request: normalizeSsl({
        sslConfig: { hostname: 'localhost', port: t.tlsPort, skipChainValidation: true },
        assertions: [{ source: 'CERTIFICATE', comparison: 'GREATER_THAN', property: 'daysUntilExpiry', target: '30' }],
      }),
      degradedResponseTime: 3000,
      maxResponseTime: 10000,
    }),
    { hostnameVerified: true, response: { resolvedIp: '127.0.0.1' } },
  ],
  [
    'TRACEROUTE',
    () => ({
      request: normalizeTrace({ url: '127.0.0.1', ptrLookup: false, timeout: 10, assertions: [{ source: 'HOP_COUNT', comparison: 'EQUALS', target: '1' }] }),
      degradedResponseTime: 10000,
      maxResponseTime: 20000,
    }),
    { totalHops: 1, destinationReached: true },
  ],
  [
    'AGENTIC',
    (t) => ({
      prompt: 'Open the page and check that it answers',
      startUrl: t.pageUrl,
      assertions: [{ condition: 'The page answers', expected: null }],
      agentLimits: { maxSteps: 5, maxTokens: 10_000, timeoutSeconds: 60 },
    }),
    { summary: 'The page answered', assertions: [{ condition: 'The page answers', passed: true }] },
  ],
]

describe.skipIf(!HAS_CHROMIUM)('an agent runs SSL, traceroute and agentic jobs', () => {
  let certs: SslCerts
  let tlsServer: tls.Server
  let page: Target
  let model: ScriptedModel
  let service: FakeService
  let agent: RunningAgent
  let targets: Targets

  beforeAll(async () => {
    certs = makeSslCerts()
    const leaf = certs.leaf({ names: ['localhost'], days: 60 })
    tlsServer = tls.createServer({ cert: leaf.cert, key: leaf.key }, (socket) => socket.end())
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve))
    page = await startHttpTarget()
    model = await startScriptedModel(() => ({
      toolCalls: [call('assert', { index: 1, passed: true, actual: 'It answered' }), call('finish', { summary: 'The page answered' })],
    }))
    targets = { tlsPort: (tlsServer.address() as AddressInfo).port, pageUrl: `${page.url}/` }
    service = await startFakeService(KEY)
    const agentic = agenticRunner({ model: { url: model.url, model: 'agent-model', apiKey: null }, chromiumPath: CHROMIUM_PATH })
    agent = await startAgent({
      serviceUrl: service.url,
      apiKey: KEY,
      jobConcurrency: 1,
      healthPort: 0,
      healthHost: '127.0.0.1',
      externalObservability: true,
      runners: buildRunners({ sandbox: noScripts, agentic }),
      log: quiet,
      agentVersion: '9.9.9',
      backoff: { baseMs: 40, capMs: 200, factor: 2 },
      waitSeconds: 1,
    })
  }, 60_000)
  afterAll(async () => {
    await agent.stop(2000)
    await service.close()
    await model.close()
    await page.close()
    await new Promise((resolve) => tlsServer.close(resolve))
    certs.cleanup()
  })

  it.each(JOBS)(
    'leases the %s job, runs it and posts the passing result',
    async (checkType, fields, details) => {
      const checkId = `check-${checkType.toLowerCase()}`
      const spec: CheckRunSpec = {
        checkId,
        checkName: checkType,
        checkType,
        doc: runDoc(checkType, { ...fields(targets), shouldFail: false }),
        variables: {},
        scripts: { setup: [], teardown: [] },
      }
      const jobId = randomUUID()
      const leaseUntil = new Date(Date.now() + 300_000).toISOString()
      service.queue({ jobId, leaseToken: randomUUID(), leaseUntil, checkId, checkType, attempt: 1, location: 'office-lan', spec })
      const end = Date.now() + 90_000
      const posted = () => service.results.find((r) => r.jobId === jobId)
      while (!posted() && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
      expect(service.leases.at(-1)?.checkTypes).toEqual(expect.arrayContaining(['SSL', 'TRACEROUTE', 'AGENTIC']))
      expect(posted()?.result).toMatchObject({ status: 'passing', errorKind: null, details })
    },
    120_000,
  )
})
