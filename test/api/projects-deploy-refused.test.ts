/** POST /v1/projects/deploy refused: a bad payload, a dangling reference or a failing write leaves nothing written. */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { expectStatus, fullResources, request, rowCounts, withPayload } from '../helpers/projects.js'

const tag = () => randomBytes(4).toString('hex')

describe.each(testDbs)('refused project deploys on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  it('rejects a bad payload with a 400 naming the resource and its field, before writing anything', async () => {
    const x = tag()
    const resources = fullResources(x)
    const rows = await rowCounts(t)
    const bad = resources.map((r, i) => (i === 4 ? { ...r, payload: { ...r.payload, concurrency: 'many' } } : r))
    const res = expectStatus(await t.call('POST', '/v1/projects/deploy', request(`bad-${x}`, bad)), 400)
    expect(res).toMatchObject({ statusCode: 400, error: 'Bad Request' })
    expect(Object.keys(res.attributes)).toEqual(['resources[4] (check-group:backend).concurrency'])

    // Every problem at once: a rule of the create (frequency 0 needs an offset), a duplicate, a check without its type.
    const many = [
      ...withPayload(resources, 'db', (p) => ({ ...p, frequency: 0 })),
      { kind: 'alert-channel' as const, logicalId: 'ops', payload: { type: 'EMAIL', config: { address: 'x@example.com' } } },
      { kind: 'check' as const, logicalId: 'untyped', payload: { name: 'x' } },
      { kind: 'check' as const, logicalId: 'bad-url', checkType: 'api' as const, payload: { name: 'x', request: { url: 'ftp://example.com' } } },
    ]
    const all = expectStatus(await t.call('POST', '/v1/projects/deploy', request(`bad-${x}`, many)), 400)
    expect(Object.keys(all.attributes).sort()).toEqual([
      'resources[10] (alert-channel:ops).logicalId',
      'resources[11] (check:untyped).checkType',
      'resources[12] (check:bad-url).request.url',
      'resources[3] (check:db).frequencyOffset',
    ])
    expect(await rowCounts(t)).toEqual(rows)
  })

  it('refuses an agentic check on a service without a model, naming the setting, and writes nothing', async () => {
    const x = tag()
    const rows = await rowCounts(t)
    const agent = {
      kind: 'check' as const,
      logicalId: 'agent',
      checkType: 'agentic' as const,
      payload: { name: 'Orders', prompt: 'Open the order history', startUrl: 'https://shop.example.com/' },
    }
    const res = expectStatus(await t.call('POST', '/v1/projects/deploy', request(`agent-${x}`, [...fullResources(x), agent])), 400)
    expect(JSON.stringify(res.attributes)).toContain('AGENTIC_MODEL_URL')
    expect(await rowCounts(t)).toEqual(rows)
  })

  it('rejects references that name no resource of the request', async () => {
    const x = tag()
    const rows = await rowCounts(t)
    const resources = fullResources(x).filter((r) => r.kind !== 'check-group')
    const res = expectStatus(
      await t.call(
        'POST',
        '/v1/projects/deploy',
        request(`refs-${x}`, [
          ...resources,
          { kind: 'check-group', logicalId: 'grp', payload: { name: 'g', alertChannelSubscriptions: [{ alertChannelId: { $ref: 'alert-channel:nope' }, activated: true }] } },
        ]),
      ),
      400,
    )
    expect(res.attributes).toMatchObject({
      'resources[1] (check:home).groupId': expect.stringContaining('check-group:backend'),
      'resources[9] (check-group:grp).alertChannelSubscriptions[0].alertChannelId': expect.stringContaining('not a resource of this request'),
    })
    expect(await rowCounts(t)).toEqual(rows)
  })

  it('rolls the whole deploy back when a write fails', async () => {
    const x = tag()
    const other = await t.otherAccount()
    expectStatus(await t.app.inject({ method: 'POST', url: '/v1/status-pages', headers: other.headers, payload: { name: 'Theirs', url: `taken-${x}` } }), 201)
    const resources = withPayload(fullResources(x), 'public', (p) => ({ ...p, url: `taken-${x}` }))
    const rows = await rowCounts(t)
    const res = expectStatus(await t.call('POST', '/v1/projects/deploy', request(`fail-${x}`, resources)), 409)
    expect(res.message).toContain('resources[7] (status-page:public)')
    expect(Object.keys(res.attributes)).toEqual(['resources[7] (status-page:public).url'])
    expect(await rowCounts(t)).toEqual(rows)
    expectStatus(await t.call('GET', `/v1/projects/fail-${x}`), 404)
  })
})
