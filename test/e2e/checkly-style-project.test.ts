/**
 * A project written for the hosted service's CLI (test/fixtures/checkly-style-project: checkly.config.ts, check
 * files importing 'checkly/constructs', a CommonJS .js check file using __dirname, `checkly` as a devDependency)
 * run unchanged through the real `picket` command against the real service (embedded SQLite in a fresh data folder,
 * or a PostgreSQL database of its own when TEST_DATABASE_URL names a server)
 * and a local target on port 0: --preview lists every resource and creates nothing, deploy creates them with the
 * builders' values (frequency, assertions, retry strategy, escalation, heartbeat period and grace, setup script),
 * `test` runs the API check in the config's run location and exits 0 when it passes and 1 when it fails (and runs
 * the test-only check deploy leaves out), SSL, traceroute and agentic checks deploy (the service has a model and
 * trusts the SSL target's CA) and `test` runs the SSL monitor against a local TLS server and the agentic check with
 * the model, and a construct Picket has
 * no resource for, a field it cannot honour, or a type error, stops the load naming its file.
 */
import fs from 'node:fs'
import http from 'node:http'
import tls from 'node:tls'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROCESS_TEST_TIMEOUT_MS, runCli, startServer, stopStrayProcesses, type RunningServer } from '../helpers/process.js'
import { testRunStore, type TestRunStore } from '../helpers/scratch-database.js'
import { startScriptedModel, type ScriptedModel } from '../helpers/model-server.js'
import { makeSslCerts, type SslCerts } from '../helpers/ssl-certs.js'

type Json = Record<string, unknown>
const ACCOUNT = '7a1c2d3e-4a5b-4c6d-8e7f-00112233aabb'
const KEY = 'checkly-style-key-0123456789abcdef'
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'checkly-style-project')

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-checkly-style-'))
const project = path.join(dir, 'project')
const write = (file: string, text: string) => fs.writeFileSync(path.join(project, file), text)

const RESOURCES = [
  '+ alert-channel email-channel-1',
  '+ alert-channel webhook-channel-1',
  '+ check-group website-group',
  '+ check shop-health-api',
  '+ check nightly-backup-heartbeat',
  '+ check homepage-browser-check',
  '+ check shop-db-port',
  '+ check shop-dns',
  '+ check orders-with-setup',
  '+ check shop-uptime',
  '+ check checkout-flow',
  '+ check shop-certificate',
  '+ check shop-route',
  '+ check shop-agent',
  '+ maintenance-window weekly-maintenance',
  '+ private-location office-location',
]

describe('a project written for the hosted service CLI, through the picket command', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  let server: RunningServer
  let database: TestRunStore | undefined
  let target: http.Server
  let targetUrl = ''
  let model: ScriptedModel
  let certs: SslCerts
  let tlsTarget: tls.Server
  let sslPort = ''
  const cliEnv = (extra: Record<string, string> = {}) => ({
    PICKET_API_URL: server.baseUrl,
    PICKET_ACCOUNT_ID: ACCOUNT,
    PICKET_API_KEY: KEY,
    PICKET_CONFIG_DIR: path.join(dir, 'config'),
    TARGET_URL: targetUrl,
    SSL_HOST: 'localhost',
    SSL_PORT: sslPort,
    ...extra,
  })
  const picket = (args: string[], env = cliEnv()) => runCli(args, env, project)
  const api = async <T = Json[]>(url: string): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${KEY}`, 'x-service-account': ACCOUNT } })
    return (await res.json()) as T
  }

  beforeAll(async () => {
    target = http.createServer((req, res) => {
      res.writeHead(req.url?.startsWith('/broken') === true ? 500 : 200, { 'content-type': 'application/json' })
      res.end('{"ok":true}')
    })
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r))
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
    // The SSL monitor's target: a certificate for localhost from a CA the service trusts (NODE_EXTRA_CA_CERTS).
    certs = makeSslCerts()
    tlsTarget = tls.createServer({ ...certs.leaf({ names: ['localhost'], days: 30 }), minVersion: 'TLSv1.3' }, (socket) => socket.end())
    await new Promise<void>((r) => tlsTarget.listen(0, '127.0.0.1', r))
    sslPort = String((tlsTarget.address() as AddressInfo).port)
    fs.writeFileSync(path.join(dir, 'ca.pem'), certs.caCert)
    // Agentic checks deploy only on a service with a model.
    // It finishes at once: `picket test` runs the agentic check through it, in a real Chromium.
    model = await startScriptedModel(() => ({ toolCalls: [{ name: 'finish', args: { summary: 'Found the tea' } }] }))
    fs.cpSync(FIXTURE, project, { recursive: true })
    database = await testRunStore('picket_checkly_style')
    server = await startServer({
      DATA_DIR: path.join(dir, 'data'),
      PICKET_ACCOUNT_ID: ACCOUNT,
      PICKET_API_KEY: KEY,
      AGENTIC_MODEL_URL: model.url,
      AGENTIC_MODEL: 'test-model',
      NODE_EXTRA_CA_CERTS: path.join(dir, 'ca.pem'),
      ...database.env,
    })
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    await server?.stop()
    target?.close()
    tlsTarget?.close()
    await model?.close()
    certs?.cleanup()
    stopStrayProcesses()
    await database?.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  }, PROCESS_TEST_TIMEOUT_MS)

  it('--preview lists every resource of the project and creates nothing', async () => {
    const run = await picket(['deploy', '--preview'])
    expect(run.code, run.stderr).toBe(0)
    for (const line of RESOURCES) expect(run.stdout).toContain(line)
    expect(run.stdout).not.toContain('smoke-test-only')
    expect(await api('/v1/checks?limit=100')).toEqual([])
  })

  it('deploy creates every resource with the values the builders and the config gave', async () => {
    const run = await picket(['deploy'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/16 created, 0 updated, 0 deleted/)
    const checks = await api('/v1/checks?limit=100')
    expect(checks).toHaveLength(11)
    const byId = new Map(checks.map((c) => [c.logicalId, c]))
    const groups = await api('/v1/check-groups')
    expect(groups).toHaveLength(1)
    const channels = await api('/v1/alert-channels')
    expect(channels).toHaveLength(2)
    expect((await api('/v1/maintenance-windows')).map((w) => w.name)).toEqual(['Weekly maintenance'])
    const webhook = channels.find((c) => c.type === 'WEBHOOK') as Json
    expect(webhook.config).toMatchObject({ url: 'https://hooks.example.com/checkly?source=shop' })
    const group = groups[0] as Json
    expect(group).toMatchObject({
      name: 'Website Group',
      concurrency: 10,
      useGlobalAlertSettings: false,
      alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 }, reminders: { amount: 1, interval: 5 } },
      retryStrategy: { type: 'FIXED', baseBackoffSeconds: 30, maxRetries: 1, sameRegion: false },
    })
    const health = byId.get('shop-health-api') as Json
    expect(health).toMatchObject({
      name: 'Shop health API',
      frequency: 1,
      groupId: group.id,
      locations: ['us-east-1', 'eu-west-1'],
      tags: ['website', 'api'],
      runtimeId: '2025.04',
      retryStrategy: { type: 'EXPONENTIAL', baseBackoffSeconds: 10, maxRetries: 3, maxDurationSeconds: 300, sameRegion: true },
      project: { logicalId: 'checkly-style-shop', name: 'Checkly Style Shop' },
    })
    expect((health.request as Json).assertions).toEqual([
      { source: 'STATUS_CODE', comparison: 'EQUALS', property: '', target: '200', regex: null },
      { source: 'JSON_BODY', comparison: 'EQUALS', property: '$.ok', target: 'true', regex: null },
      { source: 'HEADERS', comparison: 'CONTAINS', property: 'content-type', target: 'application/json', regex: null },
      { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', property: '', target: '5000', regex: null },
    ])
    expect(health.alertChannelSubscriptions).toEqual([expect.objectContaining({ alertChannelId: webhook.id, activated: true })])
    expect(byId.get('nightly-backup-heartbeat')).toMatchObject({ checkType: 'HEARTBEAT', heartbeat: { period: 1, periodUnit: 'days', grace: 30, graceUnit: 'minutes' } })
    expect(byId.get('shop-db-port')).toMatchObject({ checkType: 'TCP', frequency: 0, frequencyOffset: 30, privateLocations: ['office'] })
    expect(await api('/v1/private-locations')).toEqual([expect.objectContaining({ name: 'Office network', slugName: 'office', icon: 'home' })])
    expect(byId.get('orders-with-setup')).toMatchObject({
      retryStrategy: null,
      useGlobalAlertSettings: true,
      activated: false,
      localSetupScript: expect.stringContaining("request.headers['X-Setup']"),
    })
    expect(byId.get('homepage-browser-check')).toMatchObject({ checkType: 'BROWSER', frequency: 15, script: expect.stringContaining("test('home page shows the shop'") })
    expect(byId.get('checkout-flow')).toMatchObject({ checkType: 'MULTI_STEP', frequency: 5, scriptPath: '__checks__/checkout-flow.spec.js' })
    expect(byId.get('shop-uptime')).toMatchObject({ checkType: 'URL', frequency: 2 })
    expect(byId.get('shop-certificate')).toMatchObject({
      checkType: 'SSL',
      frequency: 5,
      request: {
        sslConfig: { hostname: 'localhost', port: Number(sslPort), handshakeTimeoutMs: 5000, alertDaysBeforeExpiry: 14 },
        assertions: [
          { source: 'CERTIFICATE', comparison: 'GREATER_THAN', property: 'daysUntilExpiry', target: '7', regex: null },
          { source: 'CERTIFICATE', comparison: 'EQUALS', property: 'commonName', target: 'localhost', regex: null },
          { source: 'CONNECTION', comparison: 'EQUALS', property: 'tlsVersion', target: 'TLS1.3', regex: null },
        ],
      },
    })
    expect(byId.get('shop-route')).toMatchObject({
      checkType: 'TRACEROUTE',
      request: { url: 'shop.example.com', protocol: 'TCP', port: 443, maxHops: 20, assertions: [expect.objectContaining({ source: 'HOP_COUNT', target: '20' })] },
    })
    expect(byId.get('shop-agent')).toMatchObject({ checkType: 'AGENTIC', activated: false, frequency: 5, prompt: expect.stringContaining('search for "tea"') })
  })

  it('test runs the API check in the run location: exit 0 when it passes, 1 when it fails; a test-only check too', async () => {
    const passed = await picket(['test', 'api.check', '--timeout', '120'])
    expect(passed.code, passed.stdout + passed.stderr).toBe(0)
    expect(passed.stdout).toMatch(/Shop health API[\s\S]*PASSED/)
    expect(passed.stdout).toContain('eu-west-1')
    const failed = await picket(['test', 'api.check', '--timeout', '120'], cliEnv({ TARGET_URL: `${targetUrl}/broken` }))
    expect(failed.code, failed.stdout + failed.stderr).toBe(1)
    expect(failed.stdout).toMatch(/Shop health API[\s\S]*FAILED/)
    const testOnly = await picket(['test', 'smoke', '--timeout', '120'])
    expect(testOnly.code, testOnly.stdout + testOnly.stderr).toBe(0)
    expect(testOnly.stdout).toMatch(/Smoke \(test only\)[\s\S]*PASSED/)
  })

  it('test runs the SSL monitor against the certificate of its target (passes for its name, fails for another) and the agentic check with the model', async () => {
    const run = await picket(['test', 'shop-certificate', '--timeout', '120'])
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toMatch(/Shop certificate[\s\S]*PASSED/)
    const wrongHost = await picket(['test', 'shop-certificate', '--timeout', '120'], cliEnv({ SSL_HOST: '127.0.0.1' }))
    expect(wrongHost.code, wrongHost.stdout + wrongHost.stderr).toBe(1)
    expect(wrongHost.stdout).toMatch(/Shop certificate[\s\S]*FAILED/)
    const agent = await picket(['test', 'shop-agent', '--timeout', '120'])
    expect(agent.code, agent.stdout + agent.stderr).toBe(0)
    expect(agent.stdout).toMatch(/shop-agent|Shop agent/i)
    expect(agent.stdout).toMatch(/PASSED/)
    expect(model.bodies.length).toBeGreaterThan(0)
  })

  it.each([
    [
      'a construct Picket has no resource for',
      "import { PhoneCallAlertChannel } from 'checkly/constructs'\n\nnew PhoneCallAlertChannel('on-call', { phoneNumber: '+15555550100' })\n",
      '__checks__/refused.check.ts:3: PhoneCallAlertChannel "on-call": phone call alert channels are not supported by picket',
    ],
    [
      'an assertion Picket cannot judge',
      "import { SslAssertionBuilder, SslMonitor } from 'checkly/constructs'\n\nnew SslMonitor('self', {\n  name: 'Self',\n  request: { hostname: 'shop.example.com', assertions: [SslAssertionBuilder.certificate('selfSigned').equals(false)] },\n})\n",
      '__checks__/refused.check.ts:3: SslMonitor "self": request.assertions[0].property: "selfSigned": Picket does not report',
    ],
    [
      'skills for the agent',
      "import { AgenticCheck } from 'checkly/constructs'\n\nnew AgenticCheck('agent', { name: 'A', prompt: 'p', agentRuntime: { skills: ['addyosmani/web-quality-skills'] } })\n",
      '__checks__/refused.check.ts:3: AgenticCheck "agent": agentRuntime.skills: Picket\'s agent cannot load skills',
    ],
  ])('%s stops the load naming its file, line and field', async (_what, code, message) => {
    write('__checks__/refused.check.ts', code)
    try {
      const run = await picket(['deploy'])
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(message)
    } finally {
      fs.rmSync(path.join(project, '__checks__/refused.check.ts'))
    }
  })

  it('a type error stops the load naming its file', async () => {
    write(
      '__checks__/bad.check.ts',
      "import { ApiCheck } from 'checkly/constructs'\n\nnew ApiCheck('bad', { name: 'Bad', request: { url: 'https://x.example.com', method: 'FETCH' } })\n",
    )
    try {
      const run = await picket(['deploy', '--preview'])
      expect(run.code).toBe(1)
      expect(run.stderr).toMatch(/__checks__\/bad\.check\.ts:3:\d+ - TS2322/)
    } finally {
      fs.rmSync(path.join(project, '__checks__/bad.check.ts'))
    }
    expect(await api('/v1/checks?limit=100')).toHaveLength(11)
  })
})
