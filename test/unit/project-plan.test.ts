/** The pure core of project deploys: references, field hashes, the plan, and the bodies sent to the services. */
import { describe, expect, it } from 'vitest'
import type { DeployResource } from '../../src/domain/projects/deploy-request.js'
import { canonicalJson, changedFields, fieldHashes } from '../../src/domain/projects/field-hashes.js'
import { completeBody } from '../../src/domain/projects/complete-body.js'
import { CHANGED_OUTSIDE, planChanges, summarize, type Binding, type BoundState } from '../../src/domain/projects/plan.js'
import { findRefs, refProblems, replaceRefs, resourceKey } from '../../src/domain/projects/refs.js'

const check = (logicalId: string, payload: Record<string, unknown>, checkType: DeployResource['checkType'] = 'api'): DeployResource => ({
  kind: 'check',
  logicalId,
  checkType,
  payload,
})
const group = (logicalId: string, payload: Record<string, unknown> = { name: logicalId }): DeployResource => ({ kind: 'check-group', logicalId, payload })
const bindingOf = (r: DeployResource, resourceId: string): Binding => ({ kind: r.kind, logicalId: r.logicalId, resourceId, fieldHashes: fieldHashes(r.payload) })
const live = (identity: string | null = null, changedOutside = false): BoundState => ({ exists: true, changedOutside, identity })

describe('references', () => {
  const payload = {
    groupId: { $ref: 'check-group:backend' },
    alertChannelSubscriptions: [{ alertChannelId: { $ref: 'alert-channel:ops' }, activated: true }],
    nested: { deep: [[{ $ref: 'status-page-service:api' }]] },
    bad: { $ref: 'nope' },
    extra: { $ref: 'check-group:backend', other: 1 },
  }

  it('finds every reference with its path and top-level field', () => {
    expect(findRefs(payload)).toEqual([
      { path: 'groupId', field: 'groupId', target: { kind: 'check-group', logicalId: 'backend' } },
      { path: 'alertChannelSubscriptions[0].alertChannelId', field: 'alertChannelSubscriptions', target: { kind: 'alert-channel', logicalId: 'ops' } },
      { path: 'nested.deep[0][0]', field: 'nested', target: { kind: 'status-page-service', logicalId: 'api' } },
      { path: 'bad', field: 'bad', problem: expect.stringContaining('<kind>:<logicalId>') },
      { path: 'extra', field: 'extra', problem: 'a reference holds only "$ref"' },
    ])
  })

  it('replaces every reference, leaving the rest as it was', () => {
    const ids: Record<string, number | string> = { 'check-group:backend': 7, 'alert-channel:ops': 3, 'status-page-service:api': 'uuid' }
    const out = replaceRefs(payload, (u) => (u.target ? ids[resourceKey(u.target.kind, u.target.logicalId)] : null))
    expect(out).toEqual({ groupId: 7, alertChannelSubscriptions: [{ alertChannelId: 3, activated: true }], nested: { deep: [['uuid']] }, bad: null, extra: null })
    expect(payload.groupId).toEqual({ $ref: 'check-group:backend' })
  })

  it('names references to no resource of the request, and to kinds deployed later', () => {
    const r = check('home', {
      groupId: { $ref: 'check-group:missing' },
      x: { $ref: 'dashboard:wall' },
      y: { $ref: 'check-group:ok' },
      alertChannelSubscriptions: [{ alertChannelId: { $ref: 'check-group:ok' }, activated: true }],
    })
    const problems = refProblems(r, new Set(['dashboard:wall', 'check-group:ok']))
    expect(Object.keys(problems).sort()).toEqual(['alertChannelSubscriptions[0].alertChannelId', 'groupId', 'x'])
    expect(problems['alertChannelSubscriptions[0].alertChannelId']).toBe('must refer to a resource of kind alert-channel, not check-group')
    expect(problems.groupId).toContain('check-group:missing')
    expect(problems.x).toContain('may not refer to a dashboard')
  })
})

describe('field hashes', () => {
  it('do not depend on key order, and tell which fields changed', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}')
    const before = fieldHashes({ name: 'x', request: { url: 'u', method: 'GET' }, tags: ['a'] })
    const after = fieldHashes({ request: { method: 'GET', url: 'u' }, name: 'x', description: 'd' })
    expect(changedFields(before, after)).toEqual(['description', 'tags'])
    expect(Object.values(before).every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true)
  })
})

describe('plan', () => {
  const backend = group('backend')
  const home = check('home', { name: 'Home', request: { url: 'https://a.example' }, groupId: { $ref: 'check-group:backend' } })

  it('creates what has no binding, in kind order, and deletes what the request left out, in reverse kind order', () => {
    const gone = group('gone')
    const oldCheck = check('old', { name: 'Old' })
    const states = new Map([
      [resourceKey('check-group', 'gone'), live()],
      [resourceKey('check', 'old'), live('api')],
    ])
    const plan = planChanges([home, backend], [bindingOf(gone, '4'), bindingOf(oldCheck, 'c-1')], states)
    expect(plan.map((c) => [c.action, c.kind, c.logicalId, c.id])).toEqual([
      ['create', 'check-group', 'backend', null],
      ['create', 'check', 'home', null],
      ['delete', 'check', 'old', 'c-1'],
      ['delete', 'check-group', 'gone', 4],
    ])
    expect(summarize(plan)).toEqual({ create: 2, update: 0, delete: 2, unchanged: 0 })
  })

  it('keeps what is unchanged, updates what changed with its fields, and re-creates what was deleted outside', () => {
    const changed = { ...home, payload: { ...home.payload, name: 'Home page' } }
    const bindings = [bindingOf(backend, '1'), bindingOf(home, 'c-1')]
    const same = planChanges(
      [backend, home],
      bindings,
      new Map([
        [resourceKey('check-group', 'backend'), live()],
        [resourceKey('check', 'home'), live('api')],
      ]),
    )
    expect(same.map((c) => c.action)).toEqual(['unchanged', 'unchanged'])
    const updated = planChanges(
      [backend, changed],
      bindings,
      new Map([
        [resourceKey('check-group', 'backend'), live()],
        [resourceKey('check', 'home'), live('api')],
      ]),
    )
    expect(updated[1]).toMatchObject({ action: 'update', id: 'c-1', fields: ['name'] })
    const outside = planChanges(
      [backend, home],
      bindings,
      new Map([
        [resourceKey('check-group', 'backend'), live()],
        [resourceKey('check', 'home'), live('api', true)],
      ]),
    )
    expect(outside[1]).toMatchObject({ action: 'update', fields: [CHANGED_OUTSIDE] })
    // The group was deleted outside: it is created again, and the check that refers to it is updated with the new id.
    const recreated = planChanges([backend, home], bindings, new Map([[resourceKey('check', 'home'), live('api')]]))
    expect(recreated.map((c) => [c.action, c.fields])).toEqual([
      ['create', undefined],
      ['update', ['groupId']],
    ])
  })

  it('replaces a check whose type changed', () => {
    const asUrl = { ...home, checkType: 'url' as const }
    const plan = planChanges(
      [backend, asUrl],
      [bindingOf(backend, '1'), bindingOf(home, 'c-1')],
      new Map([
        [resourceKey('check-group', 'backend'), live()],
        [resourceKey('check', 'home'), live('api')],
      ]),
    )
    expect(plan[1]).toMatchObject({ action: 'update', replace: true, fields: ['checkType'] })
  })
})

describe('complete bodies', () => {
  it('give every field a check leaves out its default, and keep the id-based offset of an update', () => {
    const create = completeBody('check', { name: 'x', request: { url: 'https://a.example' }, tags: null }, 'api')
    expect(create).toMatchObject({ description: null, tags: [], activated: true, alertChannelSubscriptions: [], groupId: null })
    expect(create).not.toHaveProperty('frequencyOffset')
    const update = completeBody('check', { name: 'x', request: { url: 'https://a.example' } }, 'api', '6f1c2a8e-1111-4111-8111-111111111111')
    expect(typeof update.frequencyOffset).toBe('number')
  })

  it('reset the other kinds to their defaults', () => {
    expect(completeBody('maintenance-window', { name: 'm' }, undefined)).toMatchObject({ tags: [], repeatInterval: null, repeatUnit: null, repeatEndsAt: null })
    expect(completeBody('dashboard', { header: 'h', tags: null }, undefined)).toMatchObject({ tags: [], checksPerPage: 15, customCSS: '', isPrivate: false })
    expect(completeBody('status-page', { name: 'p', url: 'p' }, undefined)).toMatchObject({ cards: [], description: null, defaultTheme: 'AUTO' })
    expect(completeBody('variable', { key: 'K', value: 'v' }, undefined)).toEqual({ key: 'K', value: 'v', locked: false, secret: false })
    expect(completeBody('alert-channel', { type: 'WEBHOOK', config: { url: 'https://h.example' } }, undefined)).toMatchObject({
      config: { webhookSecret: null },
      sendRecovery: true,
      sslExpiryThreshold: 30,
    })
  })
})
