/**
 * The props are typed from the API's schemas: a wrong field type or a missing required field does not compile
 * (`npx tsc --noEmit -p .` fails if one of the `@ts-expect-error` lines below compiles), and the payload types hold
 * references where the API takes ids. The constructs are created outside a session: they are only objects.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  ApiCheck,
  BrowserCheck,
  CheckGroup,
  Dashboard,
  DnsMonitor,
  EmailAlertChannel,
  EnvironmentVariable,
  HeartbeatMonitor,
  MaintenanceWindow,
  PlaywrightCheckSuite,
  SmsAlertChannel,
  StatusPage,
  StatusPageService,
  UrlMonitor,
  WebhookAlertChannel,
  defineConfig,
  type ApiCheckPayload,
  type CheckBody,
  type CheckGroupPayload,
  type StatusPagePayload,
} from '../../src/constructs/index.js'
import type { apiCheck } from '../../src/domain/checks/api.js'
import type { ResourceRef } from '../../src/domain/projects/deploy-request.js'

const request = { url: 'https://example.com' }

describe('props typed from the schemas', () => {
  it('refuses wrong types and missing required fields at compile time', () => {
    const wrong = () => [
      // @ts-expect-error frequency is one of the allowed numbers, not a string
      new ApiCheck('a', { name: 'a', request, frequency: 'x' }),
      // @ts-expect-error 7 is not an allowed frequency
      new ApiCheck('a', { name: 'a', request, frequency: 7 }),
      // @ts-expect-error request is required
      new ApiCheck('a', { name: 'a' }),
      // @ts-expect-error name is required
      new UrlMonitor('u', { request }),
      // @ts-expect-error the method is one of the API's
      new ApiCheck('a', { name: 'a', request: { url: 'https://e.com', method: 'FETCH' } }),
      // @ts-expect-error assertion sources are the type's
      new UrlMonitor('u', { name: 'u', request: { url: 'https://e.com', assertions: [{ source: 'JSON_BODY', comparison: 'EQUALS' }] } }),
      // @ts-expect-error recordType is one of the DNS record types
      new DnsMonitor('d', { name: 'd', request: { query: 'e.com', recordType: 'AXFR' } }),
      // @ts-expect-error periodUnit is one of the heartbeat units
      new HeartbeatMonitor('h', { name: 'h', heartbeat: { period: 1, periodUnit: 'weeks', grace: 0, graceUnit: 'hours' } }),
      // @ts-expect-error a browser check takes code, not script
      new BrowserCheck('b', { name: 'b', script: 'x' }),
      // @ts-expect-error a browser check's frequency cannot be 0
      new BrowserCheck('b', { name: 'b', code: { content: 'x' }, frequency: 0 }),
      // @ts-expect-error groupId is replaced by group
      new ApiCheck('a', { name: 'a', request, groupId: 3 }),
      // @ts-expect-error group takes a CheckGroup
      new ApiCheck('a', { name: 'a', request, group: 3 }),
      // @ts-expect-error triggerIncident takes the service construct, not its id
      new ApiCheck('a', { name: 'a', request, triggerIncident: { serviceId: 'x', severity: 'MAJOR', name: 'n', description: 'd', notifySubscribers: true } }),
      // @ts-expect-error concurrency is a number
      new CheckGroup('g', { name: 'g', concurrency: 'many' }),
      // @ts-expect-error the address is required
      new EmailAlertChannel('e', { sendFailure: true }),
      // @ts-expect-error the number is a string
      new SmsAlertChannel('s', { name: 's', number: 14155550100 }),
      // @ts-expect-error the method is one of the webhook methods
      new WebhookAlertChannel('w', { name: 'w', url: 'https://e.com', method: 'OPTIONS' }),
      // @ts-expect-error repeatUnit is DAY, WEEK or MONTH
      new MaintenanceWindow('m', { name: 'm', startsAt: '2026-01-01', endsAt: '2026-01-02', repeatUnit: 'YEAR' }),
      // @ts-expect-error refreshRate is 60, 300 or 600
      new Dashboard('d', { header: 'd', refreshRate: 30 }),
      // @ts-expect-error a card lists StatusPageService constructs
      new StatusPage('p', { name: 'p', url: 'p', cards: [{ name: 'c', services: ['2b1f5b8e-1b7c-4a55-9d9e-2f5d2f1c9a10'] }] }),
      // @ts-expect-error the value is required
      new EnvironmentVariable('K', { secret: true }),
      // @ts-expect-error a suite takes code, not files
      new PlaywrightCheckSuite('s', { name: 's', files: [] }),
      // @ts-expect-error locations are the API's location names
      defineConfig({ logicalId: 'p', checks: { locations: ['mars-1'] } }),
      // @ts-expect-error logicalId is required
      defineConfig({ checks: {} }),
    ]
    expect(typeof wrong).toBe('function')
  })

  it('accepts what the API accepts', () => {
    const service = new StatusPageService('svc', { name: 'Svc' })
    const check = new ApiCheck('a', {
      name: 'a',
      request: {
        url: 'https://e.com',
        method: 'POST',
        bodyType: 'JSON',
        body: '{}',
        assertions: [{ source: 'JSON_BODY', property: '$.ok', comparison: 'EQUALS', target: 'true' }],
      },
      frequency: 0,
      frequencyOffset: 10,
      retryStrategy: { type: 'LINEAR', maxRetries: 2 },
      alertSettings: { escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 15 } },
      triggerIncident: { service, severity: 'MINOR', name: 'n', description: 'd', notifySubscribers: false },
    })
    expect(check.props.frequency).toBe(0)
  })

  it('computes the create body from the check type definition', () => {
    expectTypeOf<CheckBody<typeof apiCheck>['frequency']>().toEqualTypeOf<0 | 1 | 2 | 5 | 10 | 15 | 30 | 60 | 120 | 180 | 360 | 720 | 1440 | undefined>()
    expectTypeOf<CheckBody<typeof apiCheck>['name']>().toEqualTypeOf<string>()
    expectTypeOf<CheckBody<typeof apiCheck>['groupId']>().toEqualTypeOf<number | null | undefined>()
  })

  it('types references where the API takes ids', () => {
    expectTypeOf<ApiCheckPayload['groupId']>().toEqualTypeOf<ResourceRef | null | undefined>()
    expectTypeOf<NonNullable<ApiCheckPayload['alertChannelSubscriptions']>[number]['alertChannelId']>().toEqualTypeOf<ResourceRef>()
    expectTypeOf<NonNullable<ApiCheckPayload['triggerIncident']>['serviceId']>().toEqualTypeOf<ResourceRef>()
    expectTypeOf<NonNullable<CheckGroupPayload['alertChannelSubscriptions']>[number]['alertChannelId']>().toEqualTypeOf<ResourceRef>()
    expectTypeOf<NonNullable<NonNullable<StatusPagePayload['cards']>[number]['services']>[number]>().toEqualTypeOf<ResourceRef>()
  })
})
