/**
 * The compatibility module for projects written for the hosted service's CLI (src/constructs/compat): its builders
 * give the public API's objects with the hosted service's defaults, and its constructs give Picket's resources
 * from the vendor's props (frequency objects, flat heartbeat fields, Date and URL values, escalation policies,
 * retry strategies); what Picket lacks is refused by name, and checkly.config.ts becomes Picket's config.
 */
import { describe, expect, it } from 'vitest'
import {
  AlertEscalationBuilder,
  ApiCheck,
  AssertionBuilder,
  CheckGroupV1,
  CheckGroupV2,
  Dashboard,
  DnsAssertionBuilder,
  Frequency,
  HeartbeatMonitor,
  IcmpAssertionBuilder,
  MaintenanceWindow,
  PagerdutyAlertChannel,
  PrivateLocation,
  RetryStrategyBuilder,
  StatusPage,
  StatusPageService,
  SlackAlertChannel,
  TcpAssertionBuilder,
  TelegramAlertChannel,
  UrlAssertionBuilder,
  WebhookAlertChannel,
} from '../../src/constructs/compat/constructs.js'
import { defineConfig, toProjectConfig } from '../../src/constructs/compat/config.js'
import { playwrightTestCommand } from '../../src/constructs/compat/browser-checks.js'
import { UrlMonitor } from '../../src/constructs/compat/monitors.js'
import { closeSession, openSession } from '../../src/constructs/index.js'

const a = (source: string, comparison: string, target = '', property = '', regex: string | null = null) => ({ source, comparison, property, target, regex })

describe('Frequency', () => {
  it.each([
    [Frequency.EVERY_10S, 0, 10],
    [Frequency.EVERY_20S, 0, 20],
    [Frequency.EVERY_30S, 0, 30],
    [Frequency.EVERY_1M, 1, undefined],
    [Frequency.EVERY_5M, 5, undefined],
    [Frequency.EVERY_1H, 60, undefined],
    [Frequency.EVERY_12H, 720, undefined],
    [Frequency.EVERY_24H, 1440, undefined],
  ])('%o is frequency %i, offset %s', (value, frequency, offset) => {
    expect({ frequency: value.frequency, offset: value.frequencyOffset }).toEqual({ frequency, offset })
  })
})

describe('assertion builders', () => {
  it.each([
    ['statusCode equals', AssertionBuilder.statusCode().equals(200), a('STATUS_CODE', 'EQUALS', '200')],
    ['statusCode greaterThan', AssertionBuilder.statusCode().greaterThan(199), a('STATUS_CODE', 'GREATER_THAN', '199')],
    ['jsonBody equals', AssertionBuilder.jsonBody('$.user.name').equals('John'), a('JSON_BODY', 'EQUALS', 'John', '$.user.name')],
    ['jsonBody isNotNull', AssertionBuilder.jsonBody('$.id').isNotNull(), a('JSON_BODY', 'NOT_NULL', '', '$.id')],
    ['jsonBody hasKey', AssertionBuilder.jsonBody('$').hasKey('items'), a('JSON_BODY', 'HAS_KEY', 'items', '$')],
    ['headers with regex', AssertionBuilder.headers('set-cookie', 'sid=(\\w+)').notEmpty(), a('HEADERS', 'NOT_EMPTY', '', 'set-cookie', 'sid=(\\w+)')],
    ['headers contains', AssertionBuilder.headers('content-type').contains('json'), a('HEADERS', 'CONTAINS', 'json', 'content-type')],
    ['textBody notContains', AssertionBuilder.textBody().notContains('error'), a('TEXT_BODY', 'NOT_CONTAINS', 'error')],
    ['responseTime lessThan', AssertionBuilder.responseTime().lessThan(1000), a('RESPONSE_TIME', 'LESS_THAN', '1000')],
    ['responseTme (old spelling)', AssertionBuilder.responseTme().lessThan(5), a('RESPONSE_TIME', 'LESS_THAN', '5')],
    ['url statusCode', UrlAssertionBuilder.statusCode().notEquals(500), a('STATUS_CODE', 'NOT_EQUALS', '500')],
    ['tcp responseData', TcpAssertionBuilder.responseData().contains('PONG'), a('RESPONSE_DATA', 'CONTAINS', 'PONG')],
    ['tcp responseTime', TcpAssertionBuilder.responseTime().lessThan(200), a('RESPONSE_TIME', 'LESS_THAN', '200')],
    ['dns responseCode', DnsAssertionBuilder.responseCode().equals('NOERROR'), a('RESPONSE_CODE', 'EQUALS', 'NOERROR')],
    ['dns textAnswer', DnsAssertionBuilder.textAnswer().contains('1.2.3.4'), a('TEXT_ANSWER', 'CONTAINS', '1.2.3.4')],
    ['dns jsonAnswer', DnsAssertionBuilder.jsonAnswer('$.Answer[0].data').equals('1.2.3.4'), a('JSON_ANSWER', 'EQUALS', '1.2.3.4', '$.Answer[0].data')],
    ['icmp latency', IcmpAssertionBuilder.latency('avg').lessThan(100), a('LATENCY', 'LESS_THAN', '100', 'avg')],
    ['icmp jsonResponse', IcmpAssertionBuilder.jsonResponse('$.packetLoss').equals(0), a('JSON_RESPONSE', 'EQUALS', '0', '$.packetLoss')],
  ])('%s', (_name, built, expected) => {
    expect(built).toEqual(expected)
  })
})

describe('RetryStrategyBuilder', () => {
  const defaults = { baseBackoffSeconds: 60, maxRetries: 2, maxDurationSeconds: 600, sameRegion: true }
  it.each([
    ['fixed, defaults', RetryStrategyBuilder.fixedStrategy(), { type: 'FIXED', ...defaults }],
    [
      'linear, options',
      RetryStrategyBuilder.linearStrategy({ baseBackoffSeconds: 5, maxRetries: 4, sameRegion: false }),
      { ...defaults, type: 'LINEAR', baseBackoffSeconds: 5, maxRetries: 4, sameRegion: false },
    ],
    ['exponential, onlyOn', RetryStrategyBuilder.exponentialStrategy({ onlyOn: 'NETWORK_ERROR' }), { type: 'EXPONENTIAL', ...defaults, onlyOn: 'NETWORK_ERROR' }],
    ['single retry', RetryStrategyBuilder.singleRetry({ baseBackoffSeconds: 15 }), { type: 'SINGLE_RETRY', baseBackoffSeconds: 15, sameRegion: true }],
    ['no retries', RetryStrategyBuilder.noRetries(), { type: 'NO_RETRIES' }],
  ])('%s', (_name, built, expected) => {
    expect(built).toEqual(expected)
  })

  it.each([
    ['a strategy as the API takes it', RetryStrategyBuilder.fixedStrategy(), { type: 'FIXED', ...defaults }],
    ['onlyOn as a list', RetryStrategyBuilder.linearStrategy({ onlyOn: 'NETWORK_ERROR' }), { type: 'LINEAR', ...defaults, onlyOn: ['NETWORK_ERROR'] }],
    ['no retries as no strategy', RetryStrategyBuilder.noRetries(), null],
  ])('a check sends %s', (_name, strategy, expected) => {
    const check = new ApiCheck('retry-check', { name: 'Retry', request: { url: 'https://x.example.com' }, retryStrategy: strategy })
    expect(check.toResource().payload.retryStrategy).toEqual(expected)
  })
})

describe('AlertEscalationBuilder', () => {
  const rest = { reminders: { amount: 0, interval: 5 }, parallelRunFailureThreshold: { enabled: false, percentage: 10 } }
  it.each([
    [
      'run based',
      AlertEscalationBuilder.runBasedEscalation(3),
      { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 3 }, timeBasedEscalation: { minutesFailingThreshold: 5 }, ...rest },
    ],
    [
      'time based with reminders',
      AlertEscalationBuilder.timeBasedEscalation(10, { amount: 2, interval: 10 }, { enabled: true, percentage: 30 }),
      {
        escalationType: 'TIME_BASED',
        runBasedEscalation: { failedRunThreshold: 1 },
        timeBasedEscalation: { minutesFailingThreshold: 10 },
        reminders: { amount: 2, interval: 10 },
        parallelRunFailureThreshold: { enabled: true, percentage: 30 },
      },
    ],
  ])('%s', (_name, built, expected) => {
    expect(built).toEqual(expected)
  })
})

describe('constructs from the vendor props', () => {
  it.each([
    ['a Frequency with an offset', { frequency: Frequency.EVERY_10S }, { frequency: 0, frequencyOffset: 10 }],
    ['a number of minutes', { frequency: 30 }, { frequency: 30 }],
    [
      'an escalation policy',
      { alertEscalationPolicy: AlertEscalationBuilder.runBasedEscalation(2) },
      { useGlobalAlertSettings: false, alertSettings: AlertEscalationBuilder.runBasedEscalation(2) },
    ],
    ["the account's escalation", { alertEscalationPolicy: 'global' as const }, { useGlobalAlertSettings: true }],
    ['a setup script inline', { setupScript: { content: 'request.url += "?x=1"' } }, { localSetupScript: 'request.url += "?x=1"' }],
  ])('ApiCheck takes %s', (_name, props, expected) => {
    const check = new ApiCheck('api-check', { name: 'API', request: { url: 'https://x.example.com' }, ...props })
    expect(check.toResource().payload).toMatchObject(expected)
  })

  it('HeartbeatMonitor takes the heartbeat flat', () => {
    const check = new HeartbeatMonitor('beat', { name: 'Beat', period: 2, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' })
    expect(check.toResource().payload).toMatchObject({ heartbeat: { period: 2, periodUnit: 'hours', grace: 10, graceUnit: 'minutes' } })
  })

  it('MaintenanceWindow takes Dates, channels take URLs, private locations deploy and serialise to their slug', () => {
    const window = new MaintenanceWindow('mw', { name: 'MW', startsAt: new Date(Date.UTC(2030, 0, 1, 2)), endsAt: new Date(Date.UTC(2030, 0, 1, 3)), repeatEndsAt: null })
    expect(window.toResource().payload).toMatchObject({ startsAt: '2030-01-01T02:00:00.000Z', endsAt: '2030-01-01T03:00:00.000Z', repeatEndsAt: null })
    const hook = new WebhookAlertChannel('hook', { name: 'Hook', method: 'POST', url: new URL('https://hooks.example.com/a b') })
    expect(hook.toResource().payload).toMatchObject({ type: 'WEBHOOK', config: { url: 'https://hooks.example.com/a%20b' } })
    const slack = new SlackAlertChannel('slack', { url: new URL('https://hooks.slack.com/services/T/B/X'), channel: '#ops' })
    expect(slack.toResource().payload).toMatchObject({ type: 'SLACK', config: { url: 'https://hooks.slack.com/services/T/B/X', channel: '#ops' } })
    const office = new PrivateLocation('office', { name: 'Office', slugName: 'office-1' })
    const check = new ApiCheck('pl-check', { name: 'PL', request: { url: 'https://x.example.com' }, privateLocations: [office, 'lab'] })
    expect(check.toResource().payload.privateLocations).toEqual(['office-1', 'lab'])
    expect(office.toResource()).toEqual({ kind: 'private-location', logicalId: 'office', payload: { name: 'Office', slugName: 'office-1' } })
  })

  it('Dashboard takes customCSS as content; StatusPage and its services take the vendor props', () => {
    const board = new Dashboard('board', { header: 'Shop', customCSS: { content: 'body { color: red }' }, refreshRate: 60 })
    expect(board.toResource().payload).toEqual({ header: 'Shop', customCSS: 'body { color: red }', refreshRate: 60 })
    const api = new StatusPageService('api-service', { name: 'API' })
    const page = new StatusPage('page', { name: 'Shop status', url: 'shop-status', cards: [{ name: 'Backend', services: [api] }] })
    expect(page.toResource().payload).toMatchObject({
      name: 'Shop status',
      url: 'shop-status',
      cards: [{ name: 'Backend', services: [{ $ref: 'status-page-service:api-service' }] }],
    })
  })

  it('CheckGroupV2 sends its policies; a v1 group leaves its frequency out; testMatch groups are refused by name', () => {
    const group = new CheckGroupV2('g2', { name: 'G2', retryStrategy: RetryStrategyBuilder.noRetries(), alertEscalationPolicy: 'global' })
    expect(group.toResource().payload).toMatchObject({ name: 'G2', retryStrategy: null, useGlobalAlertSettings: true })
    const v1 = new CheckGroupV1('g1', { name: 'G1', frequency: Frequency.EVERY_5M, locations: ['eu-west-1'] })
    expect(v1.toResource().payload).toEqual({ name: 'G1', locations: ['eu-west-1'] })
    expect(() => new CheckGroupV2('g3', { name: 'G3', browserChecks: { testMatch: '*.spec.ts' } })).toThrow('CheckGroupV2 "g3": browserChecks.testMatch is not supported by picket')
  })

  it.each([
    [() => new TelegramAlertChannel('tg', {}), 'TelegramAlertChannel "tg": Telegram alert channels are not supported by picket'],
    [() => new PagerdutyAlertChannel('pd', {}), 'PagerdutyAlertChannel "pd": PagerDuty alert channels are not supported by picket'],
  ])('refuses what Picket lacks: %#', (create, message) => {
    expect(create).toThrow(message)
  })

  it.each([
    [undefined, [], undefined],
    ['npx playwright test', ['chromium'], 'npx playwright test --project chromium'],
    [undefined, ['Desktop Chrome', 'mobile'], "npx playwright test --project 'Desktop Chrome' mobile"],
    ['npx playwright test', [], 'npx playwright test'],
  ])('a PlaywrightCheck test command from %s and projects %o', (command, projects, expected) => {
    expect(playwrightTestCommand(command, projects, [])).toBe(expected)
  })
})

describe('checkly.config.ts as Picket config', () => {
  it('translates the defaults, the globs and the run location', () => {
    const config = defineConfig({
      projectName: 'Shop',
      logicalId: 'shop',
      repoUrl: 'https://github.com/example/shop',
      checks: {
        frequency: Frequency.EVERY_10M,
        locations: ['eu-west-1'],
        tags: ['t'],
        runtimeId: '2025.04',
        privateLocations: ['lab'],
        browserChecks: { frequency: Frequency.EVERY_30M, testMatch: 'e2e/*.spec.ts' },
      },
      cli: { runLocation: 'eu-central-1' },
    })
    expect(toProjectConfig(config)).toEqual({
      config: {
        logicalId: 'shop',
        name: 'Shop',
        checks: {
          frequency: 10,
          locations: ['eu-west-1'],
          tags: ['t'],
          runtimeId: '2025.04',
          privateLocations: ['lab'],
          checkMatch: '**/*.check.{js,ts}',
          browserChecks: { frequency: 30, testMatch: 'e2e/*.spec.ts' },
        },
      },
      cli: { runLocation: 'eu-central-1' },
      problems: [],
    })
  })

  it('makes no spec file a check where the config names no testMatch, and names what it cannot take', () => {
    const { config, problems } = toProjectConfig({ projectName: 'P', logicalId: 'p', checks: { playwrightChecks: [{ logicalId: 'x' }] } })
    expect(config.checks?.browserChecks?.testMatch).toEqual([])
    expect(problems).toEqual(['checks.playwrightChecks is not supported by picket; declare each suite with new PlaywrightCheck(…) in a check file'])
  })

  it('applies the defaults Picket config has no field for to the checks that leave them out', () => {
    const { config } = toProjectConfig({
      projectName: 'P',
      logicalId: 'p',
      checks: { retryStrategy: RetryStrategyBuilder.linearStrategy({ maxRetries: 1 }), shouldFail: true, environmentVariables: [{ key: 'REGION', value: 'eu' }] },
    })
    const session = openSession({ config, baseDir: process.cwd() })
    try {
      const own = new ApiCheck('own', { name: 'Own', request: { url: 'https://x.example.com' }, retryStrategy: RetryStrategyBuilder.noRetries() })
      const left = new ApiCheck('left', { name: 'Left', request: { url: 'https://x.example.com' } })
      const monitor = new UrlMonitor('mon', { name: 'Mon', request: { url: 'https://x.example.com' } })
      const [ownPayload, leftPayload, monitorPayload] = [own, left, monitor].map((c) => c.toResource({ defaults: config.checks }).payload)
      expect(ownPayload).toMatchObject({ retryStrategy: null, shouldFail: true, environmentVariables: [{ key: 'REGION', value: 'eu' }] })
      expect(leftPayload).toMatchObject({ retryStrategy: { type: 'LINEAR', maxRetries: 1 }, shouldFail: true })
      expect(monitorPayload).toMatchObject({ retryStrategy: { type: 'LINEAR' }, shouldFail: true })
      expect(monitorPayload).not.toHaveProperty('environmentVariables')
    } finally {
      closeSession(session)
    }
  })
})
