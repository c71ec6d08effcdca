/** DELETE /v1/projects/{logicalId}: a project's resources and the project go in one transaction. */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { changeOf, deploy, expectStatus, fullResources, read, request, resourceUrl, rowCounts, type Json } from '../helpers/projects.js'

const tag = () => randomBytes(4).toString('hex')

describe.each(testDbs)('project destroys on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  it('deletes every resource of the project in reverse kind order, and nothing else', async () => {
    const x = tag()
    const handMade = expectStatus(await t.call('POST', '/v1/checks/api', { name: 'By hand', request: { url: 'https://example.org/' } }), 201)
    const other = await deploy(t, request(`keep-${x}`, [{ kind: 'status-page-service', logicalId: 'api', payload: { name: 'Kept' } }]))
    const mine = await deploy(t, request(`gone-${x}`, fullResources(x)))

    const preview = expectStatus(await t.call('DELETE', `/v1/projects/gone-${x}?preview=true`), 200)
    expect(preview).toMatchObject({ preview: true, project: mine.project, summary: { create: 0, update: 0, delete: 10, unchanged: 0 } })
    for (const c of mine.changes as Json[]) await read(t, c.kind, c.id)
    expectStatus(await t.call('GET', `/v1/projects/gone-${x}`), 200)

    const rows = await rowCounts(t)
    const destroyed = expectStatus(await t.call('DELETE', `/v1/projects/gone-${x}`), 200)
    expect(destroyed).toMatchObject({ preview: false, project: mine.project, summary: { delete: 10 } })
    expect((destroyed.changes as Json[]).map((c) => c.kind)).toEqual([
      'dashboard',
      'status-page',
      'maintenance-window',
      'check',
      'check',
      'check',
      'check-group',
      'status-page-service',
      'alert-channel',
      'variable',
    ])
    expect(changeOf(destroyed, 'check', 'home')).toEqual({ kind: 'check', logicalId: 'home', action: 'delete', id: changeOf(mine, 'check', 'home').id })
    for (const c of mine.changes as Json[]) expectStatus(await t.call('GET', resourceUrl(c.kind, c.id)), 404)
    expectStatus(await t.call('GET', `/v1/projects/gone-${x}`), 404)
    const after = await rowCounts(t)
    expect(after.projects).toBe(rows.projects - 1)
    expect(after.project_resources).toBe(rows.project_resources - 10)
    expect(after.checks).toBe(rows.checks - 3)

    expect(await read(t, 'check', handMade.id)).toEqual(handMade)
    await read(t, 'status-page-service', changeOf(other, 'status-page-service', 'api').id)
    expect(expectStatus(await t.call('GET', `/v1/projects/keep-${x}`), 200).resources).toHaveLength(1)
  })

  it('rolls back when a resource cannot be deleted, and forgets resources already deleted by hand', async () => {
    const x = tag()
    const mine = await deploy(t, request(`stuck-${x}`, fullResources(x)))
    // A check made by hand in the project's group keeps the group from being deleted (409): nothing is deleted.
    const groupId = changeOf(mine, 'check-group', 'backend').id
    const intruder = expectStatus(await t.call('POST', '/v1/checks/api', { name: 'Intruder', groupId, request: { url: 'https://example.org/' } }), 201)
    const rows = await rowCounts(t)
    const res = expectStatus(await t.call('DELETE', `/v1/projects/stuck-${x}`), 409)
    expect(res.message).toContain('check-group:backend')
    expect(await rowCounts(t)).toEqual(rows)
    for (const c of mine.changes as Json[]) await read(t, c.kind, c.id)

    expectStatus(await t.call('DELETE', `/v1/checks/${intruder.id}`), 204)
    expectStatus(await t.call('DELETE', `/v1/dashboards/${changeOf(mine, 'dashboard', 'wall').id}`), 204)
    const destroyed = expectStatus(await t.call('DELETE', `/v1/projects/stuck-${x}`), 200)
    expect(destroyed.summary).toMatchObject({ delete: 10 })
    expectStatus(await t.call('GET', `/v1/projects/stuck-${x}`), 404)
  })

  it("removes its status-page service even while an incident its check opened is still open; the incident keeps the service's name", async () => {
    const x = tag()
    const mine = await deploy(t, request(`incident-${x}`, fullResources(x)))
    const serviceId = changeOf(mine, 'status-page-service', 'api').id
    // As the project's check does when it fails (its triggerIncident names this service).
    const opened = await t.call('POST', '/v1/status-pages/incidents', {
      name: 'Home is down',
      severity: 'MAJOR',
      services: [serviceId],
      incidentUpdates: [{ description: 'Investigating', status: 'INVESTIGATING' }],
    })
    expect([200, 201], opened.body).toContain(opened.statusCode)
    const incidentId = opened.json<Json>().id
    // A service deleted on its own is still held back by the open incident.
    expectStatus(await t.call('DELETE', `/v1/status-pages/services/${serviceId}`), 409)

    const destroyed = expectStatus(await t.call('DELETE', `/v1/projects/incident-${x}`), 200)
    expect(destroyed.summary).toMatchObject({ delete: 10 })
    const incident = expectStatus(await t.call('GET', `/v1/status-pages/incidents/${incidentId}`), 200)
    expect(incident.services).toEqual([expect.objectContaining({ id: serviceId, name: 'API' })])
  })

  it("answers 404 for an unknown project and for another account's", async () => {
    const x = tag()
    for (const url of ['/v1/projects/nope', '/v1/projects/nope?preview=true']) {
      const res = expectStatus(await t.call('DELETE', url), 404)
      expect(res).toMatchObject({ statusCode: 404, error: 'Not Found', attributes: {} })
    }
    await deploy(
      t,
      request(
        `mine-${x}`,
        fullResources(x).filter((r) => r.logicalId === 'db'),
      ),
    )
    const theirs = await t.otherAccount()
    expectStatus(await t.app.inject({ method: 'DELETE', url: `/v1/projects/mine-${x}`, headers: theirs.headers }), 404)
    expectStatus(await t.call('GET', `/v1/projects/mine-${x}`), 200)
  })

  it('reaches projects whose logical id holds a slash when it is URL-encoded', async () => {
    const x = tag()
    const logicalId = `team/app-${x}`
    await deploy(
      t,
      request(
        logicalId,
        fullResources(x).filter((r) => r.logicalId === 'db'),
      ),
    )
    expect(expectStatus(await t.call('GET', `/v1/projects/${encodeURIComponent(logicalId)}`), 200).logicalId).toBe(logicalId)
    expect(expectStatus(await t.call('DELETE', `/v1/projects/${encodeURIComponent(logicalId)}`), 200).summary.delete).toBe(1)
  })
})
