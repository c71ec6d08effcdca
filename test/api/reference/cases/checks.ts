/**
 * Reference cases of checks: each check type created and updated through its typed route and through the generic
 * POST /v1/checks and PUT /v1/checks/{id}, read on /v1, /v2 and /v3, listed, and deleted, with the reference's 400
 * and 404 answers.
 */
import type { CaseContext, ReferenceCase } from '../../../helpers/reference-cases.js'
import { CONFIG_FILE, SPEC_FILE } from '../../../helpers/playwright-suite.js'

type Json = Record<string, unknown>

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const idOf = (saved: CaseContext, key: string) => String(saved[key])

const ALERTS = { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 }, reminders: { amount: 1, interval: 10 } }
const RETRY = { type: 'LINEAR', baseBackoffSeconds: 30, maxRetries: 2, maxDurationSeconds: 600, sameRegion: true }

const SCRIPT =
  "const { test, expect } = require('@playwright/test')\ntest('home', async ({ page }) => {\n  await page.goto('https://example.com')\n  await expect(page).toHaveTitle(/Example/)\n})\n"
const MULTISTEP =
  "const { test, expect } = require('@playwright/test')\ntest('api', async ({ request }) => {\n  const res = await request.get('https://example.com/health')\n  expect(res.ok()).toBeTruthy()\n})\n"

/** A realistic create body of each type, by path segment. */
export const CHECK_BODIES: Record<string, Json> = {
  api: {
    name: 'Orders API',
    frequency: 5,
    locations: ['eu-west-1', 'us-east-1'],
    tags: ['shop', 'api'],
    alertSettings: ALERTS,
    retryStrategy: RETRY,
    degradedResponseTime: 2000,
    maxResponseTime: 10000,
    request: {
      method: 'GET',
      url: 'https://shop.example.com/api/orders?limit=1',
      headers: [{ key: 'Accept', value: 'application/json' }],
      assertions: [
        { source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' },
        { source: 'JSON_BODY', property: '$.orders', comparison: 'NOT_EMPTY', target: '' },
      ],
    },
  },
  browser: { name: 'Checkout flow', frequency: 10, locations: ['eu-central-1'], tags: ['shop'], script: SCRIPT },
  dns: {
    name: 'Shop DNS',
    frequency: 10,
    locations: ['eu-west-1'],
    request: { query: 'shop.example.com', recordType: 'A', assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' }] },
  },
  heartbeat: { name: 'Nightly backup', heartbeat: { period: 1, periodUnit: 'days', grace: 2, graceUnit: 'hours' }, script: '', tags: ['ops'] },
  icmp: { name: 'Gateway ping', frequency: 5, locations: ['us-east-1'], request: { hostname: '127.0.0.1', pingCount: 5 }, heartbeat: {}, script: '' },
  multistep: { name: 'Health API steps', frequency: 15, locations: ['eu-west-1'], script: MULTISTEP },
  tcp: { name: 'Mail server', frequency: 5, locations: ['eu-west-2'], request: { hostname: 'mail.example.com', port: 587 } },
  grpc: { name: 'Inventory gRPC', frequency: 5, locations: ['eu-west-1'], request: { url: 'grpc.example.com', port: 443, grpcConfig: { mode: 'HEALTH', tls: true } } },
  url: { name: 'Home page', frequency: 2, locations: ['eu-west-1', 'us-west-2'], request: { url: 'https://shop.example.com/' } },
  ssl: { name: 'Shop certificate', frequency: 60, locations: ['eu-west-1'], request: { sslConfig: { hostname: 'shop.example.com', alertDaysBeforeExpiry: 30 } } },
  traceroute: { name: 'Route to the shop', frequency: 30, locations: ['eu-west-1'], request: { url: 'shop.example.com', protocol: 'TCP', port: 443, maxHops: 20 } },
}

/** A realistic update body of each type: a few changed settings, as a user's edit sends them. */
export const CHECK_UPDATES: Record<string, Json> = {
  api: { ...CHECK_BODIES.api, name: 'Orders API (v2)', frequency: 10, muted: true },
  browser: { name: 'Checkout flow', script: SCRIPT, frequency: 30, tags: ['shop', 'critical'] },
  dns: { ...CHECK_BODIES.dns, request: { query: 'shop.example.com', recordType: 'AAAA' } },
  heartbeat: { name: 'Nightly backup', heartbeat: { period: 12, periodUnit: 'hours', grace: 30, graceUnit: 'minutes' } },
  icmp: { ...CHECK_BODIES.icmp, request: { hostname: '127.0.0.1', pingCount: 10 } },
  multistep: { name: 'Health API steps', script: MULTISTEP, activated: false },
  tcp: { ...CHECK_BODIES.tcp, request: { hostname: 'mail.example.com', port: 465 } },
  grpc: {
    ...CHECK_BODIES.grpc,
    request: { url: 'grpc.example.com', port: 443, grpcConfig: { mode: 'BEHAVIOR', tls: true, method: 'shop.Inventory/Get', message: '{"sku":"42"}' } },
  },
  url: { ...CHECK_BODIES.url, frequency: 5 },
  ssl: {
    ...CHECK_BODIES.ssl,
    request: {
      sslConfig: { hostname: 'shop.example.com', port: 8443, securityBaseline: { minTLSVersion: { value: 'TLS1.3', severity: 'degrade' } } },
      assertions: [{ source: 'CERTIFICATE', property: 'daysUntilExpiry', comparison: 'GREATER_THAN', target: '14' }],
    },
  },
}

const typedCases = (segment: string): ReferenceCase<unknown>[] => [
  {
    method: 'POST',
    path: `/v1/checks/${segment}`,
    url: () => `/v1/checks/${segment}?autoAssignAlerts=false`,
    body: () => CHECK_BODIES[segment],
    status: 201,
    save: (body, saved) => (saved[segment] = (body as Json).id),
  },
  {
    method: 'PUT',
    path: `/v1/checks/${segment}/{id}`,
    url: (_, s) => `/v1/checks/${segment}/${idOf(s, segment)}`,
    body: () => CHECK_UPDATES[segment],
    status: 200,
  },
  { method: 'GET', path: '/v1/checks/{id}', name: segment, url: (_, s) => `/v1/checks/${idOf(s, segment)}`, status: 200 },
]

const SEGMENTS = ['api', 'browser', 'dns', 'heartbeat', 'icmp', 'multistep', 'tcp', 'url', 'ssl']

export const checksCases: ReferenceCase<unknown>[] = [
  ...SEGMENTS.flatMap(typedCases),
  {
    method: 'POST',
    path: '/v1/checks/api',
    name: 'no request',
    url: () => '/v1/checks/api',
    body: () => ({ name: 'No request' }),
    status: 400,
  },
  {
    method: 'PUT',
    path: '/v1/checks/tcp/{id}',
    name: 'port out of range',
    url: (_, s) => `/v1/checks/tcp/${idOf(s, 'tcp')}`,
    body: () => ({ request: { hostname: 'mail.example.com', port: 70000 } }),
    status: 400,
  },
  {
    method: 'POST',
    path: '/v1/checks',
    name: 'API check',
    url: () => '/v1/checks?autoAssignAlerts=false',
    body: () => ({ ...CHECK_BODIES.api, name: 'Catalog API', checkType: 'API' }),
    status: 201,
    save: (body, saved) => (saved.generic = (body as Json).id),
  },
  {
    method: 'POST',
    path: '/v1/checks',
    name: 'Playwright suite',
    url: () => '/v1/checks',
    body: () => ({ checkType: 'PLAYWRIGHT', name: 'Playwright suite', frequency: 30, files: [SPEC_FILE, CONFIG_FILE] }),
    status: 201,
    save: (body, saved) => (saved.suite = (body as Json).id),
  },
  { method: 'GET', path: '/v1/checks/{id}', name: 'Playwright suite', url: (_, s) => `/v1/checks/${idOf(s, 'suite')}`, status: 200 },
  {
    method: 'POST',
    path: '/v1/checks',
    name: 'gRPC monitor',
    url: () => '/v1/checks?autoAssignAlerts=false',
    body: () => ({ ...CHECK_BODIES.grpc, checkType: 'GRPC' }),
    status: 201,
    save: (body, saved) => (saved.grpc = (body as Json).id),
  },
  { method: 'GET', path: '/v1/checks/{id}', name: 'gRPC monitor', url: (_, s) => `/v1/checks/${idOf(s, 'grpc')}`, status: 200 },
  { method: 'POST', path: '/v1/checks', name: 'no checkType', url: () => '/v1/checks', body: () => ({ name: 'Typeless' }), status: 400 },
  {
    method: 'POST',
    path: '/v1/checks',
    name: 'a traceroute without its url',
    url: () => '/v1/checks',
    body: () => ({ name: 'Route', checkType: 'TRACEROUTE', request: { hostname: 'example.com' } }),
    status: 400,
  },
  {
    method: 'POST',
    path: '/v1/checks',
    name: 'traceroute monitor',
    url: () => '/v1/checks?autoAssignAlerts=false',
    body: () => ({ ...CHECK_BODIES.traceroute, checkType: 'TRACEROUTE' }),
    status: 201,
    save: (body, saved) => (saved.traceroute = (body as Json).id),
  },
  { method: 'GET', path: '/v1/checks/{id}', name: 'traceroute monitor', url: (_, s) => `/v1/checks/${idOf(s, 'traceroute')}`, status: 200 },
  {
    method: 'POST',
    path: '/v1/checks',
    name: 'agentic check',
    url: () => '/v1/checks?autoAssignAlerts=false',
    body: () => ({
      checkType: 'AGENTIC',
      name: 'Cart works',
      frequency: 60,
      locations: ['eu-west-1'],
      prompt: 'Add a lamp to the cart and open the cart',
      startUrl: 'https://shop.example.com/',
      assertions: [{ condition: 'The cart shows one lamp', expected: '1' }],
      agentLimits: { maxSteps: 15 },
    }),
    status: 201,
    save: (body, saved) => (saved.agentic = (body as Json).id),
  },
  { method: 'GET', path: '/v1/checks/{id}', name: 'agentic check', url: (_, s) => `/v1/checks/${idOf(s, 'agentic')}`, status: 200 },
  {
    method: 'PUT',
    path: '/v1/checks/{id}',
    name: 'agentic check',
    url: (_, s) => `/v1/checks/${idOf(s, 'agentic')}`,
    body: () => ({ checkType: 'AGENTIC', agentLimits: { timeoutSeconds: 60 } }),
    status: 200,
  },
  { method: 'POST', path: '/v1/checks', name: 'an agentic check without a prompt', url: () => '/v1/checks', body: () => ({ checkType: 'AGENTIC', name: 'Cart' }), status: 400 },
  {
    method: 'PUT',
    path: '/v1/checks/{id}',
    url: (_, s) => `/v1/checks/${idOf(s, 'generic')}`,
    body: () => ({ checkType: 'API', name: 'Catalog API', request: { url: 'https://shop.example.com/api/catalog' }, tags: ['shop'] }),
    status: 200,
  },
  {
    method: 'PUT',
    path: '/v1/checks/{id}',
    name: 'bad frequency',
    url: (_, s) => `/v1/checks/${idOf(s, 'generic')}`,
    body: () => ({ checkType: 'API', frequency: 7 }),
    status: 400,
  },
  { method: 'GET', path: '/v1/checks', url: () => '/v1/checks?limit=20&page=1', status: 200 },
  { method: 'GET', path: '/v1/checks', name: 'filtered', url: () => '/v1/checks?tag=shop&checkType=API&applyGroupSettings=true', status: 200 },
  { method: 'GET', path: '/v1/checks', name: 'bad limit', url: () => '/v1/checks?limit=500', status: 400 },
  { method: 'GET', path: '/v2/checks', url: () => '/v2/checks?limit=20&page=1', status: 200 },
  { method: 'GET', path: '/v2/checks', name: 'bad status', url: () => '/v2/checks?status=broken', status: 400 },
  { method: 'GET', path: '/v3/checks', url: () => '/v3/checks?limit=20&page=1', status: 200 },
  { method: 'GET', path: '/v3/checks', name: 'bad page', url: () => '/v3/checks?page=0', status: 400 },
  { method: 'GET', path: '/v2/checks/{id}', url: (_, s) => `/v2/checks/${idOf(s, 'api')}`, status: 200 },
  { method: 'GET', path: '/v2/checks/{id}', name: 'Playwright suite', url: (_, s) => `/v2/checks/${idOf(s, 'suite')}`, status: 200 },
  { method: 'GET', path: '/v3/checks/{id}', url: (_, s) => `/v3/checks/${idOf(s, 'heartbeat')}?applyGroupSettings=true`, status: 200 },
  { method: 'GET', path: '/v3/checks/{id}', name: 'Playwright suite', url: (_, s) => `/v3/checks/${idOf(s, 'suite')}`, status: 200 },
  { method: 'GET', path: '/v1/checks/{id}', name: 'unknown', url: () => `/v1/checks/${UNKNOWN_ID}`, status: 404 },
  { method: 'GET', path: '/v2/checks/{id}', name: 'unknown', url: () => `/v2/checks/${UNKNOWN_ID}`, status: 404 },
  { method: 'GET', path: '/v3/checks/{id}', name: 'unknown', url: () => `/v3/checks/${UNKNOWN_ID}`, status: 404 },
  { method: 'DELETE', path: '/v1/checks/{id}', url: (_, s) => `/v1/checks/${idOf(s, 'url')}`, status: 204 },
]
