/**
 * A private location runs gRPC checks with the same runner as the service: the agent leases a GRPC job from a fake
 * protocol server, calls a local gRPC server through reflection, and posts the measured result.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startAgent, type RunningAgent } from '../../src/agent/agent.js'
import type { AgentLog } from '../../src/agent/log.js'
import { grpcCheck } from '../../src/domain/checks/grpc.js'
import type { CheckRunSpec } from '../../src/runners/contract.js'
import { buildRunners } from '../../src/runners/index.js'
import type { ScriptSandbox } from '../../src/runners/script-sandbox.js'
import { startFakeService, type FakeService } from '../helpers/agent-protocol-fake.js'
import { runDoc } from '../helpers/run-spec.js'
import { startGrpcTarget, type GrpcTarget } from '../helpers/targets/grpc.js'

const KEY = 'pl_test_agent_key_grpc_0123456789'
const noScripts: ScriptSandbox = { runSetup: () => Promise.reject(new Error('no scripts')), runTeardown: () => Promise.reject(new Error('no scripts')) }
const quiet: AgentLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }

let target: GrpcTarget
let service: FakeService
let agent: RunningAgent
beforeAll(async () => {
  target = await startGrpcTarget()
  service = await startFakeService(KEY)
  agent = await startAgent({
    serviceUrl: service.url,
    apiKey: KEY,
    jobConcurrency: 1,
    healthPort: 0,
    healthHost: '127.0.0.1',
    externalObservability: true,
    runners: buildRunners({ sandbox: noScripts }),
    log: quiet,
    agentVersion: '9.9.9',
    backoff: { baseMs: 40, capMs: 200, factor: 2 },
    waitSeconds: 1,
  })
})
afterAll(async () => {
  await agent.stop(2000)
  await service.close()
  await target.close()
})

const normalize = grpcCheck.fields.request.normalize as (v: unknown) => unknown

it('leases a GRPC job, calls the server described by reflection and posts the result', async () => {
  const spec: CheckRunSpec = {
    checkId: 'check-grpc',
    checkName: 'greeter',
    checkType: 'GRPC',
    doc: runDoc('GRPC', {
      request: normalize({
        url: '127.0.0.1',
        port: target.port,
        grpcConfig: { mode: 'BEHAVIOR', method: 'picket.test.Greeter/SayHello', message: '{"name":"agent"}' },
        assertions: [{ source: 'GRPC_RESPONSE', comparison: 'EQUALS', property: '$.message', target: 'Hello, agent' }],
      }),
      degradedResponseTime: 5000,
      maxResponseTime: 20000,
      shouldFail: false,
    }),
    variables: {},
    scripts: { setup: [], teardown: [] },
  }
  const leaseUntil = new Date(Date.now() + 300_000).toISOString()
  service.queue({ jobId: randomUUID(), leaseToken: randomUUID(), leaseUntil, checkId: 'check-grpc', checkType: 'GRPC', attempt: 1, location: 'office-lan', spec })
  const end = Date.now() + 20_000
  while (service.results.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
  expect(service.leases[0]?.checkTypes).toContain('GRPC')
  expect(service.results[0]?.result).toMatchObject({ status: 'passing', errorKind: null, details: { grpcStatusCode: 0, response: { grpcMethod: 'picket.test.Greeter/SayHello' } } })
})
