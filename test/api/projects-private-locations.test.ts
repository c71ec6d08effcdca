/** Private locations in Picket's own deploy request: created before the checks that name them, updated, replaced by a new slug, destroyed. */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { changeOf, deploy, expectStatus, request } from '../helpers/projects.js'
import type { DeployResource } from '../../src/domain/projects/deploy-request.js'

const tag = () => randomBytes(4).toString('hex')

const resources = (slug: string, icon = 'location'): DeployResource[] => [
  { kind: 'check', logicalId: 'db', checkType: 'tcp', payload: { name: 'DB', request: { hostname: 'db.example.com', port: 5432 }, privateLocations: [slug] } },
  { kind: 'private-location', logicalId: 'dc', payload: { name: 'Data centre', slugName: slug, icon } },
]

describe.each(testDbs)('private locations deployed by a project on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  it('creates, updates, replaces and destroys a private location with the check that runs there', async () => {
    const x = tag()
    const logicalId = `pl-${x}`
    const first = await deploy(t, request(logicalId, resources(`dc-${x}`)))
    expect(first.changes.map((c: { kind: string }) => c.kind)).toEqual(['private-location', 'check'])
    const location = changeOf(first, 'private-location', 'dc')
    const check = expectStatus(await t.call('GET', `/v1/checks/${changeOf(first, 'check', 'db').id}`), 200)
    expect(check.privateLocations).toEqual([`dc-${x}`])
    expect(expectStatus(await t.call('GET', `/v1/private-locations/${location.id}`), 200)).toMatchObject({ slugName: `dc-${x}`, icon: 'location' })

    const updated = await deploy(t, request(logicalId, resources(`dc-${x}`, 'server')))
    expect(changeOf(updated, 'private-location', 'dc')).toMatchObject({ action: 'update', id: location.id, fields: ['icon'] })
    expect(expectStatus(await t.call('GET', `/v1/private-locations/${location.id}`), 200).icon).toBe('server')

    // A slugName never changes in place: a new one replaces the location (the check moves to it first).
    const replaced = await deploy(t, request(logicalId, resources(`dc2-${x}`)))
    const next = changeOf(replaced, 'private-location', 'dc')
    expect(next).toMatchObject({ action: 'update', fields: ['icon', 'slugName'] })
    expect(next.id).not.toBe(location.id)
    expect((await t.call('GET', `/v1/private-locations/${location.id}`)).statusCode).toBe(404)

    const gone = expectStatus(await t.call('DELETE', `/v1/projects/${logicalId}`), 200)
    expect(gone.changes.map((c: { kind: string }) => c.kind)).toEqual(['check', 'private-location'])
    expect((await t.call('GET', `/v1/private-locations/${next.id}`)).statusCode).toBe(404)
  })
})
