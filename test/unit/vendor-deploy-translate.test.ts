/** The vendor CLI's deploy request as Picket's own (pure translation), from the request that client really sends. */
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../src/domain/errors.js'
import { translateVendorRequest } from '../../src/domain/projects/vendor/translate.js'
import { vendorDiff } from '../../src/domain/projects/vendor/diff.js'
import { isVendorRequest } from '../../src/domain/projects/vendor/request.js'
import { vendorRequest, type VendorRequest } from '../helpers/vendor-projects.js'

const translate = (body: unknown) => translateVendorRequest(body).request
const byId = (body: unknown, logicalId: string) => translate(body).resources.find((r) => r.logicalId === logicalId)

/** The problems a translation names, or {} when it succeeds. */
function problems(body: unknown): Record<string, string> {
  try {
    translateVendorRequest(body)
    return {}
  } catch (err) {
    if (err instanceof ValidationError) return err.fields
    throw err
  }
}

const withResources = (change: (resources: VendorRequest['resources']) => VendorRequest['resources']): VendorRequest => {
  const request = vendorRequest('t')
  return { ...request, resources: change(request.resources) }
}
const indexOf = (logicalId: string) => vendorRequest('t').resources.findIndex((r) => r.logicalId === logicalId)

describe('translating the vendor CLI deploy request', () => {
  it('tells the two shapes apart', () => {
    expect(isVendorRequest(vendorRequest('t'))).toBe(true)
    expect(isVendorRequest({ project: { logicalId: 'x' }, resources: [], sharedFiles: [] })).toBe(true)
    expect(isVendorRequest({ project: { logicalId: 'x' }, resources: [] })).toBe(false)
    expect(isVendorRequest({ project: { logicalId: 'x' }, resources: [{ kind: 'check', logicalId: 'a', payload: {} }] })).toBe(false)
  })

  it('deploys every member resource under its logical id, subscriptions and assignments folded into their check or group', () => {
    const { request, sourceIndex } = translateVendorRequest(vendorRequest('t'))
    expect(request.project).toEqual({ logicalId: 'vendor-t', name: 'Vendor Project' })
    expect(request.resources.map((r) => `${r.kind}:${r.logicalId}`)).toHaveLength(18)
    expect(sourceIndex.map((i) => vendorRequest('t').resources[i]?.logicalId)).toEqual(request.resources.map((r) => r.logicalId))
    expect(request.resources.filter((r) => r.kind === 'check').map((r) => [r.logicalId, r.checkType])).toEqual([
      ['api-health', 'api'],
      ['homepage', 'url'],
      ['database-port', 'tcp'],
      ['dns-a-record', 'dns'],
      ['gateway-ping', 'icmp'],
      ['nightly-backup', 'heartbeat'],
      ['checkout-flow', 'multistep'],
      ['homepage-browser', 'browser'],
    ])
  })

  it.each([
    ['api-health', 'groupId', { $ref: 'check-group:backend-group' }],
    ['api-health', 'triggerIncident', expect.objectContaining({ serviceId: { $ref: 'status-page-service:api-service' }, severity: 'MAJOR' })],
    ['api-health', 'alertChannelSubscriptions', [{ alertChannelId: { $ref: 'alert-channel:webhook-ops' }, activated: true }]],
    ['homepage', 'groupId', null],
    ['database-port', 'privateLocations', ['dc-t']],
    [
      'backend-group',
      'alertChannelSubscriptions',
      [
        { alertChannelId: { $ref: 'alert-channel:email-ops' }, activated: true },
        { alertChannelId: { $ref: 'alert-channel:sms-oncall' }, activated: true },
      ],
    ],
    ['vendor-status', 'cards', [{ name: 'Services', services: [{ $ref: 'status-page-service:api-service' }] }]],
    ['homepage-browser', 'script', expect.stringContaining("await page.goto('https://www.example.com/')")],
    ['homepage-browser', 'scriptPath', undefined],
    ['homepage-browser', 'dependencies', undefined],
    ['homepage-browser', 'checkType', undefined],
    ['gateway-ping', 'heartbeat', {}],
    ['gateway-ping', 'script', ''],
    ['nightly-backup', 'script', ''],
    ['backend-group', 'v', undefined],
    ['private-dc', 'slugName', 'dc-t'],
  ])('%s: %s', (logicalId, field, value) => {
    expect(byId(vendorRequest('t'), logicalId)?.payload[field]).toEqual(value)
  })

  const certificate = (property: string, comparison: string, target: string) => ({ source: 'CERTIFICATE', property, comparison, target, regex: null })
  const sslPayload = (assertions: unknown[]) => ({
    name: 'Cert',
    checkType: 'SSL',
    doubleCheck: true,
    request: { sslConfig: { hostname: 'shop.example.com', handshakeTimeoutMs: 5000 }, assertions },
  })
  const agenticPayload = (skills: string[]) => ({ name: 'Agent', checkType: 'AGENTIC', prompt: 'Check the shop', agentRuntime: { skills }, frequency: 30 })
  const traceroutePayload = (request: Record<string, unknown>) => ({ name: 'Route', checkType: 'TRACEROUTE', request: { url: 'shop.example.com', ...request } })
  it.each([
    [
      'SSL, certificate properties under Picket names',
      sslPayload([
        certificate('subjectCN', 'EQUALS', 'shop.example.com'),
        certificate('sans', 'CONTAINS', 'www.shop.example.com'),
        certificate('daysUntilExpiry', 'GREATER_THAN', '14'),
      ]),
      'ssl',
      {
        name: 'Cert',
        doubleCheck: true,
        request: {
          sslConfig: { hostname: 'shop.example.com', handshakeTimeoutMs: 5000 },
          assertions: [
            certificate('commonName', 'EQUALS', 'shop.example.com'),
            certificate('subjectAltNames', 'CONTAINS', 'www.shop.example.com'),
            certificate('daysUntilExpiry', 'GREATER_THAN', '14'),
          ],
        },
      },
    ],
    ['TRACEROUTE without a protocol: TCP to 443', traceroutePayload({}), 'traceroute', { name: 'Route', request: { url: 'shop.example.com', protocol: 'TCP', port: 443 } }],
    ['TRACEROUTE over ICMP', traceroutePayload({ protocol: 'ICMP' }), 'traceroute', { name: 'Route', request: { url: 'shop.example.com', protocol: 'ICMP' } }],
    ['AGENTIC, without its empty agentRuntime', agenticPayload([]), 'agentic', { name: 'Agent', prompt: 'Check the shop', frequency: 30 }],
  ])('deploys %s', (_what, payload, segment, expected) => {
    const body = withResources((rs) => [...rs, { type: 'check', logicalId: 'added', member: true, payload }])
    expect(byId(body, 'added')).toEqual({ kind: 'check', logicalId: 'added', checkType: segment, payload: expected })
  })

  it.each([
    ['skills for the agent', agenticPayload(['addyosmani/web-quality-skills']), 'agentRuntime.skills', "Picket's agent cannot load skills"],
    ['an SSL assertion Picket cannot judge', sslPayload([certificate('selfSigned', 'EQUALS', 'false')]), 'request.assertions[0].property', '"selfSigned": Picket does not report'],
    ['issuerCN compared whole', sslPayload([certificate('issuerCN', 'EQUALS', 'R3')]), 'request.assertions[0].comparison', 'takes CONTAINS or NOT_CONTAINS here'],
  ])('refuses %s, naming the field', (_what, payload, field, why) => {
    const found = problems(withResources((rs) => [...rs, { type: 'check', logicalId: 'added', member: true, payload }]))
    expect(Object.keys(found)).toEqual([`resources[23] (check:added).${field}`])
    expect(Object.values(found)[0]).toContain(why)
  })

  it('folds a group assignment and an inactive subscription into the group', () => {
    const body = withResources((rs) => [
      ...rs,
      { type: 'private-location-group-assignment', logicalId: 'g', member: true, payload: { privateLocationId: { ref: 'private-dc' }, groupId: { ref: 'backend-group' } } },
      { type: 'alert-channel-subscription', logicalId: 's', member: true, payload: { alertChannelId: { ref: 'slack-ops' }, groupId: { ref: 'backend-group' }, activated: false } },
    ])
    expect(byId(body, 'backend-group')?.payload).toMatchObject({
      privateLocations: ['dc-t'],
      alertChannelSubscriptions: expect.arrayContaining([{ alertChannelId: { $ref: 'alert-channel:slack-ops' }, activated: false }]),
    })
  })

  it('refers to resources that are not members of the project by their existing ids', () => {
    const body = withResources((rs) => [
      ...rs.filter((r) => r.type !== 'check-group' && r.type !== 'private-location' && !r.logicalId.includes('#backend-group#') && !r.logicalId.includes('#private-dc')),
      { type: 'check-group', logicalId: 'backend-group', member: false, physicalId: 42, payload: {} },
      { type: 'private-location', logicalId: 'private-dc', member: false, physicalId: '6f0e1a4c-0000-4000-8000-000000000001', payload: {} },
      { type: 'private-location-check-assignment', logicalId: 'a', member: true, payload: { privateLocationId: { ref: 'private-dc' }, checkId: { ref: 'database-port' } } },
    ])
    expect(byId(body, 'api-health')?.payload.groupId).toBe(42)
    expect(byId(body, 'database-port')?.payload.privateLocations).toEqual(['6f0e1a4c-0000-4000-8000-000000000001'])
    expect(byId(body, 'backend-group')).toBeUndefined()
  })

  const component = { type: 'status-page-component', logicalId: 'comp', member: true, payload: { name: 'c' } }
  it.each([
    [
      'a resource type Picket lacks',
      (rs: VendorRequest['resources']) => [...rs, component],
      `resources[23] (status-page-component:comp).type`,
      'is not a kind of resource Picket has',
    ],
    [
      'a check type Picket lacks',
      (rs: VendorRequest['resources']) => [...rs, { type: 'check', logicalId: 'agent', member: true, payload: { name: 'a', checkType: 'SMTP' } }],
      'resources[23] (check:agent).checkType',
      'is a check type Picket does not have',
    ],
    [
      'an alert channel type Picket lacks',
      (rs: VendorRequest['resources']) => [...rs, { type: 'alert-channel', logicalId: 'pd', member: true, payload: { type: 'PAGERDUTY', config: {} } }],
      'resources[23] (alert-channel:pd).type',
      '"PAGERDUTY" alert channels are not a kind Picket has',
    ],
    [
      'a reference to nothing',
      (rs: VendorRequest['resources']) => rs.map((r) => (r.logicalId === 'api-health' ? { ...r, payload: { ...r.payload, groupId: { ref: 'nope' } } } : r)),
      `resources[${indexOf('api-health')}] (check:api-health).groupId`,
      'refers to check-group "nope", which is not a resource of this project',
    ],
    [
      'a subscription of a check the project does not deploy',
      (rs: VendorRequest['resources']) => [
        ...rs,
        { type: 'alert-channel-subscription', logicalId: 's', member: true, payload: { alertChannelId: { ref: 'email-ops' }, checkId: { ref: 'other' } } },
      ],
      'resources[23] (alert-channel-subscription:s).checkId',
      'must refer to a check of this project',
    ],
    [
      'an existing resource without its id',
      (rs: VendorRequest['resources']) => [...rs, { type: 'check-group', logicalId: 'old', member: false, payload: {} }],
      'resources[23] (check-group:old).physicalId',
      'is required',
    ],
    ['a resource without a type', (rs: VendorRequest['resources']) => [...rs, { logicalId: 'x' } as never], 'resources[23]', 'must be an object with a string type'],
    [
      'a payload that is not an object',
      (rs: VendorRequest['resources']) => [...rs, { type: 'dashboard', logicalId: 'd', member: true, payload: 'x' as never }],
      'resources[23] (dashboard:d).payload',
      'must be an object',
    ],
  ])('refuses %s, naming it', (_what, change, field, why) => {
    const found = problems(withResources(change))
    expect(Object.keys(found)).toEqual([field])
    expect(found[field]).toContain(why)
  })

  const suite = (payload: Record<string, unknown>) =>
    withResources((rs) => [
      ...rs,
      {
        type: 'check',
        logicalId: 'suite',
        member: true,
        payload: { name: 'Suite', checkType: 'PLAYWRIGHT', codeBundlePath: 'key-1', cacheHash: 'h', testCommand: 'npx playwright test', ...payload },
      },
    ])
  it('deploys a Playwright check suite with the files its code bundle was read into', () => {
    const files = [{ path: 'tests/a.spec.ts', content: 'x' }]
    expect(byId(suite({ files }), 'suite')).toEqual({
      kind: 'check',
      logicalId: 'suite',
      checkType: 'playwright',
      payload: { name: 'Suite', testCommand: 'npx playwright test', files },
    })
    expect(problems(suite({}))).toEqual({ 'resources[23] (check:suite).codeBundlePath': expect.stringContaining('names no code bundle this account uploaded ("key-1")') })
  })

  it('refuses a request without a project', () => {
    expect(problems({ resources: [{ type: 'check', logicalId: 'a', payload: {} }] })).toMatchObject({ 'project.logicalId': expect.stringContaining('is required') })
  })

  it.each([
    ['create', false, 'CREATE'],
    ['update', false, 'UPDATE'],
    ['unchanged', false, 'UPDATE'],
    ['delete', false, 'DELETE'],
    ['delete', true, 'DETACHED'],
  ] as const)('answers a %s (preserveResources %s) as %s', (action, preserve, expected) => {
    expect(vendorDiff([{ kind: 'check', logicalId: 'a', action, id: 'id-1' }], preserve)).toEqual({
      diff: [{ type: 'check', logicalId: 'a', physicalId: 'id-1', action: expected }],
    })
  })
})
