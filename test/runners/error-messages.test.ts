/**
 * The runners still produce the messages of test/helpers/real-error-messages.ts: a few of its faults run again, with
 * different details each time, must land in the group the table gives them.
 */
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normalizeApiRequest } from '../../src/domain/checks/api.js'
import { dnsCheck } from '../../src/domain/checks/dns.js'
import { cleanErrorMessage } from '../../src/domain/error-groups/clean.js'
import { apiRunner } from '../../src/runners/api.js'
import type { CheckRunner, CheckRunSpec, RunContext } from '../../src/runners/contract.js'
import { dnsRunner } from '../../src/runners/dns.js'
import type { ScriptSandbox } from '../../src/runners/script-sandbox.js'
import { REAL_ERROR_GROUPS } from '../helpers/real-error-messages.js'
import { runDoc } from '../helpers/run-spec.js'
import { startDnsTarget, type DnsTarget } from '../helpers/targets/dns.js'
import { startHttpsTarget } from '../helpers/targets/https.js'
import type { Target } from '../helpers/targets/http.js'
import { freePort } from '../helpers/targets/tcp.js'

const ctx: RunContext = { location: 'local', now: () => Date.now() }
const noScripts: ScriptSandbox = { runSetup: () => Promise.reject(new Error('no scripts')), runTeardown: () => Promise.reject(new Error('no scripts')) }
const apiSpec = (url: string): CheckRunSpec => ({
  checkId: 'c',
  checkName: 'api',
  checkType: 'API',
  variables: {},
  scripts: { setup: [], teardown: [] },
  doc: runDoc('API', { request: normalizeApiRequest({ url }), degradedResponseTime: 5000, maxResponseTime: 20000, shouldFail: false }),
})
const normalizeDns = dnsCheck.fields.request?.normalize as (v: unknown) => unknown

let silent: net.Server
let silentPort = 0
const silentSockets = new Set<net.Socket>()
let dns: DnsTarget
let tls: Target
beforeAll(async () => {
  // Accepts and never answers.
  silent = net.createServer((s) => {
    silentSockets.add(s)
    s.on('error', () => undefined)
  })
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
  silentPort = (silent.address() as AddressInfo).port
  dns = await startDnsTarget()
  tls = await startHttpsTarget()
})
afterAll(async () => {
  for (const s of silentSockets) s.destroy()
  await new Promise<void>((r) => silent.close(() => r()))
  await dns.close()
  await tls.close()
})

const groupOf = (fault: string): string => {
  const group = REAL_ERROR_GROUPS.find((g) => g.fault === fault)
  if (!group) throw new Error(`no group ${fault}`)
  return group.cleaned
}

const scenarios: Array<[fault: string, runs: () => Promise<Array<[CheckRunner, CheckRunSpec]>>]> = [
  [
    'connection refused on closed ports, IPv4 and IPv6 (API, URL and TCP checks)',
    async () => [
      [apiRunner({ sandbox: noScripts }), apiSpec(`http://127.0.0.1:${await freePort()}/health`)],
      [apiRunner({ sandbox: noScripts }), apiSpec(`http://127.0.0.1:${await freePort()}/health`)],
    ],
  ],
  [
    'HTTP timeouts after different times (API and URL checks)',
    async () => [
      [apiRunner({ sandbox: noScripts, timeoutMs: 150 }), apiSpec(`http://127.0.0.1:${silentPort}/slow`)],
      [apiRunner({ sandbox: noScripts, timeoutMs: 250 }), apiSpec(`http://127.0.0.1:${silentPort}/slow`)],
    ],
  ],
  [
    'TLS: self-signed certificates of api.picket.test and status.picket.test',
    async () => [
      [apiRunner({ sandbox: noScripts }), apiSpec(`https://localhost:${tls.port}/json`)],
      [apiRunner({ sandbox: noScripts }), apiSpec(`https://127.0.0.1:${tls.port}/json`)],
    ],
  ],
  [
    'DNS check: NXDOMAIN for missing, gone and typo.example.test (local DNS server)',
    async () =>
      ['missing.example.test', 'gone.example.test'].map((query): [CheckRunner, CheckRunSpec] => [
        dnsRunner({ timeoutMs: 2000 }),
        {
          checkId: 'd',
          checkName: 'dns',
          checkType: 'DNS',
          variables: {},
          scripts: { setup: [], teardown: [] },
          doc: runDoc('DNS', {
            request: normalizeDns({ nameServer: `127.0.0.1:${dns.port}`, query, recordType: 'A', protocol: 'UDP' }),
            degradedResponseTime: 500,
            maxResponseTime: 1000,
            shouldFail: false,
          }),
        },
      ]),
  ],
]

describe('error messages of runs against local targets', () => {
  it.each(scenarios)('%s: every run lands in the group of the table', async (fault, runs) => {
    const messages: string[] = []
    for (const [runner, spec] of await runs()) {
      const r = await runner.run(spec, ctx)
      expect(r.status).toBe('failing')
      messages.push(r.errorMessage ?? '')
    }
    expect(messages.map(cleanErrorMessage)).toEqual(messages.map(() => groupOf(fault)))
  })
})
