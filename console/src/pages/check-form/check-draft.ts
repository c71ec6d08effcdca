/** Pure: a new check's starting values per type, and the body sent to create or update one. */
import type { CheckSlug } from './check-types'
import type { Doc } from './draft-path'
import { defaultAgentLimits } from './types/agentic-limits'

const BROWSER_SCRIPT = `const { expect, test } = require('@playwright/test')

test('home page shows its title', async ({ page }) => {
  const response = await page.goto('https://example.com')
  expect(response.status()).toBeLessThan(400)
  await expect(page).toHaveTitle(/Example/)
})
`

const MULTISTEP_SCRIPT = `const { expect, test } = require('@playwright/test')

test('read then use a resource', async ({ request }) => {
  const list = await test.step('list', async () => {
    const response = await request.get('https://example.com/api/items')
    expect(response.ok()).toBeTruthy()
    return response.json()
  })
  await test.step('first item', async () => {
    const response = await request.get(\`https://example.com/api/items/\${list[0].id}\`)
    expect(response.status()).toBe(200)
  })
})
`

const SUITE_TEST = `import { expect, test } from '@playwright/test'

test('home page loads', async ({ page }) => {
  await page.goto('https://example.com')
  await expect(page).toHaveTitle(/Example/)
})
`

const common = (): Doc => ({
  name: '',
  activated: true,
  muted: false,
  tags: [],
  frequency: 10,
  locations: [],
  privateLocations: [],
  groupId: null,
  useGlobalAlertSettings: true,
  alertSettings: {
    escalationType: 'RUN_BASED',
    runBasedEscalation: { failedRunThreshold: 1 },
    timeBasedEscalation: { minutesFailingThreshold: 5 },
    reminders: { amount: 0, interval: 5 },
    parallelRunFailureThreshold: { enabled: false, percentage: 10 },
  },
  alertChannelSubscriptions: [],
  retryStrategy: null,
  runParallel: false,
  // Deprecated (the retry strategy replaces it), so a new check does not start with it on. The API's own default
  // stays true as the spec sets it for clients that leave it out; the form says what it wants instead.
  doubleCheck: false,
  triggerIncident: null,
})

const statusAssertion = (target: string): Doc => ({ source: 'STATUS_CODE', comparison: 'EQUALS', property: '', target, regex: null })

/** An SSL check's security baseline as the API fills it in: each rule with its value and what breaking it does. */
export const sslBaseline = (): Doc => ({
  enabled: true,
  minTLSVersion: { value: 'TLS1.2', severity: 'fail' },
  minKeySizeBits: { value: 2048, severity: 'fail' },
  weakSignatureAlgorithm: { severity: 'fail' },
  weakCipherSuite: { severity: 'fail' },
  knownBadCA: { severity: 'fail' },
  recommendedTLSVersion: { value: 'TLS1.3', severity: 'ignore' },
  recommendedKeySizeBits: { value: 3072, severity: 'ignore' },
  ocspMustStapleRespected: { severity: 'ignore' },
  sctPresent: { severity: 'ignore' },
})

const BY_TYPE: Record<CheckSlug, () => Doc> = {
  api: () => ({
    request: {
      method: 'GET',
      url: '',
      headers: [],
      queryParameters: [],
      body: '',
      bodyType: 'NONE',
      followRedirects: true,
      skipSSL: false,
      ipFamily: 'IPv4',
      assertions: [statusAssertion('200')],
      basicAuth: null,
    },
    degradedResponseTime: 5000,
    maxResponseTime: 20000,
  }),
  url: () => ({
    request: { method: 'GET', url: '', followRedirects: true, skipSSL: false, ipFamily: 'IPv4', assertions: [statusAssertion('200')] },
    degradedResponseTime: 3000,
    maxResponseTime: 5000,
  }),
  tcp: () => ({ request: { hostname: '', port: null, data: '', ipFamily: 'IPv4', assertions: [] }, degradedResponseTime: 3000, maxResponseTime: 5000 }),
  grpc: () => ({
    request: {
      url: '',
      port: null,
      skipSSL: false,
      timeout: null,
      ipFamily: 'IPv4',
      grpcConfig: { mode: 'HEALTH', tls: true, metadata: [], service: null, serviceDefinition: 'REFLECTION', method: null, protoContent: null, message: null },
      assertions: [],
    },
    degradedResponseTime: 3000,
    maxResponseTime: 5000,
  }),
  ssl: () => ({
    request: {
      sslConfig: {
        hostname: '',
        port: 443,
        serverName: null,
        ipFamily: 'IPv4',
        skipChainValidation: false,
        handshakeTimeoutMs: 10000,
        alertDaysBeforeExpiry: 20,
        securityBaseline: sslBaseline(),
      },
      assertions: [{ source: 'CERTIFICATE', comparison: 'GREATER_THAN', property: 'daysUntilExpiry', target: '14', regex: null }],
    },
    degradedResponseTime: 3000,
    maxResponseTime: 10000,
  }),
  traceroute: () => ({
    request: { url: '', protocol: 'UDP', port: null, ipFamily: 'IPv4', maxHops: 30, maxUnknownHops: 15, ptrLookup: true, timeout: 10, assertions: [] },
    degradedResponseTime: 10000,
    maxResponseTime: 20000,
  }),
  dns: () => ({
    request: {
      query: '',
      recordType: 'A',
      nameServer: null,
      port: 53,
      protocol: 'UDP',
      assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', property: '', target: 'NOERROR', regex: null }],
    },
    degradedResponseTime: 500,
    maxResponseTime: 1000,
  }),
  icmp: () => ({
    request: { hostname: '', ipFamily: 'IPv4', pingCount: 10, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '200', regex: null }] },
    heartbeat: {},
    script: '',
    degradedPacketLossThreshold: 10,
    maxPacketLossThreshold: 20,
    degradedResponseTime: 10000,
    maxResponseTime: 20000,
  }),
  heartbeat: () => ({ heartbeat: { period: 5, periodUnit: 'minutes', grace: 1, graceUnit: 'minutes' }, script: '', request: {}, retryStrategy: undefined }),
  browser: () => ({ script: BROWSER_SCRIPT }),
  multistep: () => ({ script: MULTISTEP_SCRIPT }),
  playwright: () => ({
    files: [{ path: 'tests/home.spec.ts', content: SUITE_TEST }],
    testCommand: 'npx playwright test',
    installCommand: '',
    workingDir: null,
    playwrightVersion: null,
    browsers: ['chromium'],
  }),
  agentic: () => ({ frequency: 60, startUrl: null, prompt: '', assertions: [], agentLimits: defaultAgentLimits() }),
}

/** The starting values of a new check of this type (the API fills every field left out with its default). */
export const newDraft = (slug: CheckSlug): Doc => ({ ...common(), ...BY_TYPE[slug]() })

/** Fields the API shows but does not take. */
const READ_ONLY = ['id', 'checkType', 'alertChannels', 'created_at', 'updated_at', 'createdAt', 'updatedAt']

/** The body of POST/PUT: the whole draft (unknown fields the form does not edit stay as loaded) less read-only ones. */
export function toBody(draft: Doc): Doc {
  const body: Doc = {}
  for (const [k, v] of Object.entries(draft)) if (!READ_ONLY.includes(k) && v !== undefined) body[k] = v
  return body
}

/** Tags typed as "a, b ,c" → ['a', 'b', 'c']. */
export const parseTags = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '')
