/**
 * Each construct serialises to its resource (kind, checkType, payload), references by object become `$ref`s, and
 * every payload (its `$ref`s replaced by ids) is a valid create body for the API's own validator.
 */
import { describe, expect, it } from 'vitest'
import {
  AlertChannel,
  ApiCheck,
  BrowserCheck,
  CheckGroup,
  Dashboard,
  DnsMonitor,
  EmailAlertChannel,
  EnvironmentVariable,
  HeartbeatMonitor,
  IcmpMonitor,
  MaintenanceWindow,
  MultiStepCheck,
  PlaywrightCheckSuite,
  PrivateLocation,
  SlackAlertChannel,
  SmsAlertChannel,
  StatusPage,
  StatusPageService,
  TcpMonitor,
  UrlMonitor,
  WebhookAlertChannel,
  type Construct,
} from '../../src/constructs/index.js'
import { createCompiledSchemas } from '../../src/api/compiled-schemas.js'
import { bodySchema } from '../../src/domain/checks/check-type.js'
import { checkTypeBySegment } from '../../src/domain/checks/registry.js'
import { groupBodySchema } from '../../src/domain/groups/schema.js'
import { AlertChannelCreateBody } from '../../src/domain/alert-channels/schemas.js'
import { channelConfig, type AlertChannelType } from '../../src/domain/alert-channels/config-rules.js'
import { MaintenanceWindowCreateBody } from '../../src/domain/maintenance.js'
import { DashboardCreateBody } from '../../src/domain/dashboards.js'
import { CreateVariableBody } from '../../src/domain/variables.js'
import { PageCreateBody } from '../../src/domain/status-pages/page-schemas.js'
import { ServiceBody } from '../../src/domain/status-pages/service-ref.js'
import { PrivateLocationCreateBody } from '../../src/domain/private-locations.js'
import { FieldErrorCollector } from '../../src/domain/errors.js'
import type { ResourceKind } from '../../src/domain/projects/deploy-request.js'
import type { TSchema } from 'typebox'

const email = new EmailAlertChannel('ops-mail', { address: 'ops@example.com', sendDegraded: true })
const service = new StatusPageService('checkout-svc', { name: 'Checkout' })
const group = new CheckGroup('backend', { name: 'Backend', locations: ['eu-west-1'], concurrency: 5 })
const office = PrivateLocation.fromSlug('office')
const channelRef = { $ref: 'alert-channel:ops-mail' }

const SCRIPT = "const { test } = require('@playwright/test')\ntest('t', async () => {})\n"

interface Case {
  construct: Construct
  kind: ResourceKind
  checkType?: string
  payload: Record<string, unknown>
}

const cases: Record<string, Case> = {
  ApiCheck: {
    construct: new ApiCheck('api-health', {
      name: 'API health',
      frequency: 5,
      request: { url: 'https://api.example.com/health', method: 'GET', assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      group,
      alertChannels: [email],
      privateLocations: [office, 'lab'],
      triggerIncident: { service, severity: 'MAJOR', name: 'API down', description: 'The API fails', notifySubscribers: true },
    }),
    kind: 'check',
    checkType: 'api',
    payload: {
      name: 'API health',
      frequency: 5,
      request: { url: 'https://api.example.com/health', method: 'GET', assertions: [{ source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' }] },
      groupId: { $ref: 'check-group:backend' },
      alertChannelSubscriptions: [{ alertChannelId: channelRef, activated: true }],
      privateLocations: ['office', 'lab'],
      triggerIncident: { serviceId: { $ref: 'status-page-service:checkout-svc' }, severity: 'MAJOR', name: 'API down', description: 'The API fails', notifySubscribers: true },
    },
  },
  UrlMonitor: {
    construct: new UrlMonitor('home', { name: 'Home', request: { url: 'https://example.com' }, tags: ['web'] }),
    kind: 'check',
    checkType: 'url',
    payload: { name: 'Home', request: { url: 'https://example.com' }, tags: ['web'] },
  },
  TcpMonitor: {
    construct: new TcpMonitor('db', { name: 'DB port', request: { hostname: 'db.example.com', port: 5432 } }),
    kind: 'check',
    checkType: 'tcp',
    payload: { name: 'DB port', request: { hostname: 'db.example.com', port: 5432 } },
  },
  DnsMonitor: {
    construct: new DnsMonitor('dns', { name: 'DNS', request: { query: 'example.com', recordType: 'A' }, degradedResponseTime: 300 }),
    kind: 'check',
    checkType: 'dns',
    payload: { name: 'DNS', request: { query: 'example.com', recordType: 'A' }, degradedResponseTime: 300 },
  },
  IcmpMonitor: {
    construct: new IcmpMonitor('gw', { name: 'Gateway', request: { hostname: 'gw.example.com', pingCount: 5 } }),
    kind: 'check',
    checkType: 'icmp',
    payload: { name: 'Gateway', request: { hostname: 'gw.example.com', pingCount: 5 }, heartbeat: {}, script: '' },
  },
  HeartbeatMonitor: {
    construct: new HeartbeatMonitor('backup', { name: 'Backup', heartbeat: { period: 1, periodUnit: 'days', grace: 2, graceUnit: 'hours' } }),
    kind: 'check',
    checkType: 'heartbeat',
    payload: { name: 'Backup', heartbeat: { period: 1, periodUnit: 'days', grace: 2, graceUnit: 'hours' }, script: '' },
  },
  BrowserCheck: {
    construct: new BrowserCheck('signin', { name: 'Sign-in', code: { content: SCRIPT }, playwrightConfig: { use: { locale: 'en-GB' } } }),
    kind: 'check',
    checkType: 'browser',
    payload: { name: 'Sign-in', script: SCRIPT, playwrightConfig: { use: { locale: 'en-GB' } } },
  },
  MultiStepCheck: {
    construct: new MultiStepCheck('orders', { name: 'Orders', code: { content: SCRIPT }, frequency: 60 }),
    kind: 'check',
    checkType: 'multistep',
    payload: { name: 'Orders', script: SCRIPT, frequency: 60 },
  },
  PlaywrightCheckSuite: {
    construct: new PlaywrightCheckSuite('shop-suite', {
      name: 'Shop',
      code: { files: [{ path: 'tests/a.spec.ts', content: SCRIPT }] },
      testCommand: 'npx playwright test --grep @smoke',
    }),
    kind: 'check',
    checkType: 'playwright',
    payload: { name: 'Shop', files: [{ path: 'tests/a.spec.ts', content: SCRIPT }], testCommand: 'npx playwright test --grep @smoke' },
  },
  CheckGroup: {
    construct: new CheckGroup('frontend', { name: 'Frontend', alertChannels: [email], privateLocations: [office], tags: ['fe'] }),
    kind: 'check-group',
    payload: { name: 'Frontend', alertChannelSubscriptions: [{ alertChannelId: channelRef, activated: true }], privateLocations: ['office'], tags: ['fe'] },
  },
  AlertChannel: {
    construct: new AlertChannel('raw', { type: 'EMAIL', config: { address: 'raw@example.com' }, sendRecovery: false }),
    kind: 'alert-channel',
    payload: { type: 'EMAIL', config: { address: 'raw@example.com' }, sendRecovery: false },
  },
  EmailAlertChannel: {
    construct: email,
    kind: 'alert-channel',
    payload: { type: 'EMAIL', config: { address: 'ops@example.com' }, sendDegraded: true },
  },
  WebhookAlertChannel: {
    construct: new WebhookAlertChannel('hook', { name: 'Hook', url: 'https://hooks.example.com/x', method: 'PUT', webhookSecret: 's3cret', sslExpiry: true }),
    kind: 'alert-channel',
    payload: { type: 'WEBHOOK', config: { name: 'Hook', url: 'https://hooks.example.com/x', method: 'PUT', webhookSecret: 's3cret' }, sslExpiry: true },
  },
  SlackAlertChannel: {
    construct: new SlackAlertChannel('slack', { url: 'https://hooks.slack.com/services/T/B/X', channel: '#ops' }),
    kind: 'alert-channel',
    payload: { type: 'SLACK', config: { url: 'https://hooks.slack.com/services/T/B/X', channel: '#ops' } },
  },
  SmsAlertChannel: {
    construct: new SmsAlertChannel('sms', { name: 'On call', number: '+14155550100', autoSubscribe: true }),
    kind: 'alert-channel',
    payload: { type: 'SMS', config: { name: 'On call', number: '+14155550100' }, autoSubscribe: true },
  },
  MaintenanceWindow: {
    construct: new MaintenanceWindow('sunday', {
      name: 'Sunday',
      tags: ['web'],
      startsAt: '2026-05-03T02:00:00Z',
      endsAt: '2026-05-03T03:00:00Z',
      repeatInterval: 1,
      repeatUnit: 'WEEK',
    }),
    kind: 'maintenance-window',
    payload: { name: 'Sunday', tags: ['web'], startsAt: '2026-05-03T02:00:00Z', endsAt: '2026-05-03T03:00:00Z', repeatInterval: 1, repeatUnit: 'WEEK' },
  },
  Dashboard: {
    construct: new Dashboard('wall', { header: 'Wall', customUrl: 'shop-wall', refreshRate: 300, tags: ['web'] }),
    kind: 'dashboard',
    payload: { header: 'Wall', customUrl: 'shop-wall', refreshRate: 300, tags: ['web'] },
  },
  StatusPage: {
    construct: new StatusPage('status', { name: 'Shop status', url: 'shop-status', cards: [{ name: 'Shop', services: [service] }] }),
    kind: 'status-page',
    payload: { name: 'Shop status', url: 'shop-status', cards: [{ name: 'Shop', services: [{ $ref: 'status-page-service:checkout-svc' }] }] },
  },
  StatusPageService: { construct: service, kind: 'status-page-service', payload: { name: 'Checkout' } },
  EnvironmentVariable: {
    construct: new EnvironmentVariable('API_TOKEN', { value: 't0k3n', secret: true }),
    kind: 'variable',
    payload: { key: 'API_TOKEN', value: 't0k3n', secret: true },
  },
}

const compile = createCompiledSchemas().validatorCompiler
const validate = (schema: TSchema, body: unknown) => {
  const check = compile({ schema, httpPart: 'body', method: 'POST', url: '/' }) as ((data: unknown) => boolean) & { errors?: unknown }
  return check(body) ? null : check.errors
}
const FAKE_IDS: Partial<Record<ResourceKind, string | number>> = {
  'check-group': 7,
  'alert-channel': 3,
  'status-page-service': '2b1f5b8e-1b7c-4a55-9d9e-2f5d2f1c9a10',
}
/** The payload as the service sends it on: every `$ref` replaced by the id of the resource it names. */
const resolveRefs = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(resolveRefs)
  if (value === null || typeof value !== 'object') return value
  const ref = (value as { $ref?: unknown }).$ref
  if (typeof ref === 'string') return FAKE_IDS[ref.split(':')[0] as ResourceKind]
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveRefs(v)]))
}
const schemaOf = (c: Case): TSchema => {
  if (c.kind === 'check') return bodySchema(checkTypeBySegment.get(c.checkType ?? '')!, 'create')
  const schemas: Record<Exclude<ResourceKind, 'check'>, TSchema> = {
    'check-group': groupBodySchema(true),
    'alert-channel': AlertChannelCreateBody,
    'maintenance-window': MaintenanceWindowCreateBody,
    dashboard: DashboardCreateBody,
    'status-page': PageCreateBody,
    'status-page-service': ServiceBody,
    variable: CreateVariableBody,
    'private-location': PrivateLocationCreateBody,
  }
  return schemas[c.kind]
}

describe('constructs serialise to resources', () => {
  it.each(Object.entries(cases))('%s', (_name, c) => {
    const resource = c.construct.toResource()
    expect(resource.kind).toBe(c.kind)
    expect(resource.checkType).toBe(c.checkType)
    expect(resource.payload).toEqual(c.payload)
  })

  it.each(Object.entries(cases))('%s: the payload, its references resolved, is a valid create body', (_name, c) => {
    const body = resolveRefs(c.construct.toResource().payload) as Record<string, unknown>
    expect(validate(schemaOf(c), body)).toBeNull()
    if (c.kind === 'alert-channel') {
      const errors = new FieldErrorCollector()
      channelConfig(body.type as AlertChannelType, body.config as Record<string, unknown>, errors)
      expect(() => errors.throwIfAny()).not.toThrow()
    }
  })

  it('the validator of these tests does refuse a body that is not valid', () => {
    expect(validate(schemaOf(cases.ApiCheck!), { name: 'x', frequency: 7 })).not.toBeNull()
    expect(validate(schemaOf(cases.StatusPage!), { name: 'x', url: 'y', cards: [{ name: 'c', services: [{ $ref: 'status-page-service:x' }] }] })).not.toBeNull()
  })

  it('every check type the constructs deploy is a segment of POST /v1/checks/{segment}', () => {
    for (const c of Object.values(cases).filter((x) => x.kind === 'check')) expect(checkTypeBySegment.has(c.checkType ?? '')).toBe(true)
  })

  it('leaves out what the props leave out, and keeps null where the props say null', () => {
    const check = new ApiCheck('nulls', { name: 'n', request: { url: 'https://e.com' }, description: undefined, triggerIncident: null, privateLocations: null })
    expect(check.toResource().payload).toEqual({ name: 'n', request: { url: 'https://e.com' }, triggerIncident: null, privateLocations: null })
  })

  it('a private location serialises to its slug, in JSON too', () => {
    expect(JSON.stringify({ privateLocations: [office] })).toBe('{"privateLocations":["office"]}')
  })

  it('refuses a logical id the deploy request would refuse', () => {
    expect(() => new StatusPageService('-bad id', { name: 'x' })).toThrow(/logical id "-bad id" is not valid/)
  })
})
