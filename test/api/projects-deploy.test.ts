/** POST /v1/projects/deploy: monitoring as code through the real HTTP API, on SQLite and PostgreSQL. */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { changeOf, deploy, expectStatus, fullResources, read, request, rowCounts, withPayload, type Json } from '../helpers/projects.js'

const tag = () => randomBytes(4).toString('hex')

describe.each(testDbs)('project deploys on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())

  /** Every resource of a deploy answer as the API reads it. */
  const readAll = async (answer: Json): Promise<Record<string, Json>> => {
    const out: Record<string, Json> = {}
    for (const c of answer.changes as Json[]) if (c.action !== 'delete') out[`${c.kind}:${c.logicalId}`] = await read(t, c.kind, c.id)
    return out
  }
  const updatedAts = (views: Record<string, Json>) => Object.fromEntries(Object.entries(views).map(([k, v]) => [k, v.updated_at]))

  it('creates every kind with its fields and references on the first deploy, and a re-deploy changes nothing', async () => {
    const x = tag()
    const resources = fullResources(x)
    const first = await deploy(t, request(`app-${x}`, resources, 'The app'))
    expect(first.project).toMatchObject({ logicalId: `app-${x}`, name: 'The app' })
    expect(first.summary).toEqual({ create: 10, update: 0, delete: 0, unchanged: 0 })
    // Kinds in order: a resource is created after those it refers to.
    expect((first.changes as Json[]).map((c) => c.kind)).toEqual([
      'variable',
      'alert-channel',
      'status-page-service',
      'check-group',
      'check',
      'check',
      'check',
      'maintenance-window',
      'status-page',
      'dashboard',
    ])
    const id = (kind: string, logicalId: string) => changeOf(first, kind, logicalId).id
    const views = await readAll(first)

    const home = views['check:home'] as Json
    expect(home).toMatchObject({
      checkType: 'API',
      name: 'Home',
      tags: ['web', 'api'],
      description: 'The home page',
      groupId: id('check-group', 'backend'),
      alertChannelSubscriptions: [{ alertChannelId: id('alert-channel', 'ops'), activated: true }],
      triggerIncident: { serviceId: id('status-page-service', 'api'), severity: 'MAJOR' },
    })
    expect(views['check:backup']).toMatchObject({ checkType: 'HEARTBEAT', name: 'Backup', heartbeat: { period: 1, periodUnit: 'hours' } })
    expect((views['check:backup'] as Json).heartbeat.pingToken).toMatch(/\S{8,}/)
    expect(views['check:db']).toMatchObject({ checkType: 'TCP', request: { hostname: 'example.com', port: 5432 }, alertChannelSubscriptions: [] })
    expect(views['check-group:backend']).toMatchObject({ name: 'Backend', concurrency: 5 })
    expect(views['alert-channel:ops']).toMatchObject({ type: 'EMAIL', sendDegraded: true, subscriptions: [{ checkId: id('check', 'home'), activated: true }] })
    expect(views['status-page:public']).toMatchObject({ url: `acme-${x}`, cards: [{ name: 'Services', services: [{ id: id('status-page-service', 'api') }] }] })
    expect(views['maintenance-window:nightly']).toMatchObject({ name: 'Nightly', repeatUnit: 'DAY' })
    expect(views['dashboard:wall']).toMatchObject({ header: 'Wall', customUrl: `wall-${x}` })
    expect(views['variable:token']).toMatchObject({ key: `TOKEN_${x}`, secret: true, value: null })

    const rows = await rowCounts(t)
    const project = expectStatus(await t.call('GET', `/v1/projects/app-${x}`), 200)
    const again = await deploy(t, request(`app-${x}`, resources, 'The app'))
    expect(again.summary).toEqual({ create: 0, update: 0, delete: 0, unchanged: 10 })
    expect(again.changes).toEqual((first.changes as Json[]).map((c) => ({ ...c, action: 'unchanged' })))
    expect(updatedAts(await readAll(again))).toEqual(updatedAts(views))
    expect(await rowCounts(t)).toEqual(rows)
    expect(expectStatus(await t.call('GET', `/v1/projects/app-${x}`), 200)).toEqual(project)
  })

  it('updates only the resource that changed, and an update returns removed fields to their defaults', async () => {
    const x = tag()
    const resources = fullResources(x)
    const first = await deploy(t, request(`upd-${x}`, resources))
    const before = updatedAts(await readAll(first))
    const backup = await read(t, 'check', changeOf(first, 'check', 'backup').id)

    const changed = withPayload(
      withPayload(resources, 'home', (p) => {
        delete p.description
        return { ...p, tags: ['web'] }
      }),
      'backup',
      (p) => ({ ...p, name: 'Nightly backup' }),
    )
    const second = await deploy(t, request(`upd-${x}`, changed))
    expect(second.summary).toEqual({ create: 0, update: 2, delete: 0, unchanged: 8 })
    expect(changeOf(second, 'check', 'home')).toMatchObject({ action: 'update', fields: ['description', 'tags'], id: changeOf(first, 'check', 'home').id })
    expect(changeOf(second, 'check', 'backup')).toMatchObject({ action: 'update', fields: ['name'] })
    const after = await readAll(second)
    expect(after['check:home']).toMatchObject({ description: null, tags: ['web'], groupId: changeOf(first, 'check-group', 'backend').id })
    // A heartbeat keeps its id and its ping token.
    expect((after['check:backup'] as Json).heartbeat.pingToken).toBe(backup.heartbeat.pingToken)
    for (const [key, at] of Object.entries(updatedAts(after))) {
      if (key === 'check:home' || key === 'check:backup') expect(at).not.toBeNull()
      else expect(at, key).toEqual(before[key])
    }

    // Fields of other kinds removed from the code go back to their defaults too.
    const trimmed = withPayload(
      withPayload(
        withPayload(
          withPayload(changed, 'home', (p) => {
            delete p.tags
            delete p.alertChannelSubscriptions
            delete p.triggerIncident
            return p
          }),
          'nightly',
          (p) => ({ name: p.name, startsAt: p.startsAt, endsAt: p.endsAt }),
        ),
        'ops',
        (p) => ({ type: p.type, config: p.config }),
      ),
      'backend',
      (p) => ({ name: p.name }),
    )
    const third = await deploy(t, request(`upd-${x}`, trimmed))
    expect(third.summary).toMatchObject({ update: 4, unchanged: 6 })
    const home = await read(t, 'check', changeOf(first, 'check', 'home').id)
    expect(home).toMatchObject({ tags: [], alertChannelSubscriptions: [], triggerIncident: null })
    expect(await read(t, 'maintenance-window', changeOf(first, 'maintenance-window', 'nightly').id)).toMatchObject({ tags: [], repeatInterval: null, repeatUnit: null })
    expect(await read(t, 'alert-channel', changeOf(first, 'alert-channel', 'ops').id)).toMatchObject({ sendDegraded: false, subscriptions: [] })
    expect(await read(t, 'check-group', changeOf(first, 'check-group', 'backend').id)).toMatchObject({ concurrency: 3 })
  })

  it('deletes only what the code no longer has, and re-creates what was deleted outside the project', async () => {
    const x = tag()
    const resources = fullResources(x)
    const first = await deploy(t, request(`del-${x}`, resources))
    const windowId = changeOf(first, 'maintenance-window', 'nightly').id
    const second = await deploy(
      t,
      request(
        `del-${x}`,
        resources.filter((r) => r.logicalId !== 'nightly'),
      ),
    )
    expect(second.summary).toEqual({ create: 0, update: 0, delete: 1, unchanged: 9 })
    expect(changeOf(second, 'maintenance-window', 'nightly')).toMatchObject({ action: 'delete', id: windowId })
    expectStatus(await t.call('GET', `/v1/maintenance-windows/${windowId}`), 404)

    const dbCheck = changeOf(first, 'check', 'db').id
    expectStatus(await t.call('DELETE', `/v1/checks/${dbCheck}`), 204)
    const third = await deploy(
      t,
      request(
        `del-${x}`,
        resources.filter((r) => r.logicalId !== 'nightly'),
      ),
    )
    expect(third.summary).toEqual({ create: 1, update: 0, delete: 0, unchanged: 8 })
    const recreated = changeOf(third, 'check', 'db')
    expect(recreated.action).toBe('create')
    expect(recreated.id).not.toBe(dbCheck)
    await read(t, 'check', recreated.id)

    // A change made outside the project is undone by the next deploy.
    const homeId = changeOf(first, 'check', 'home').id
    expectStatus(await t.call('PUT', `/v1/checks/api/${homeId}`, { name: 'Renamed by hand' }), 200)
    const fourth = await deploy(
      t,
      request(
        `del-${x}`,
        resources.filter((r) => r.logicalId !== 'nightly'),
      ),
    )
    expect(changeOf(fourth, 'check', 'home')).toMatchObject({ action: 'update', fields: ['(changed outside the project)'] })
    expect((await read(t, 'check', homeId)).name).toBe('Home')
  })

  it("never touches another project's resources or resources made by hand", async () => {
    const x = tag()
    const handMade = expectStatus(await t.call('POST', '/v1/checks/api', { name: 'By hand', request: { url: 'https://example.org/' } }), 201)
    const other = await deploy(
      t,
      request(`other-${x}`, [{ kind: 'check', logicalId: 'home', checkType: 'api', payload: { name: 'Other home', request: { url: 'https://example.net/' } } }]),
    )
    const otherId = changeOf(other, 'check', 'home').id
    const resources = fullResources(x)
    await deploy(t, request(`mine-${x}`, resources))
    await deploy(
      t,
      request(
        `mine-${x}`,
        withPayload(resources, 'home', (p) => ({ ...p, name: 'Home 2' })).filter((r) => r.kind !== 'dashboard'),
      ),
    )
    expect(await read(t, 'check', handMade.id)).toEqual(handMade)
    expect(await read(t, 'check', otherId)).toMatchObject({ name: 'Other home', updated_at: null })
    expect(
      (
        await deploy(
          t,
          request(
            `other-${x}`,
            other.changes.map(() => ({ kind: 'check', logicalId: 'home', checkType: 'api', payload: { name: 'Other home', request: { url: 'https://example.net/' } } })),
          ),
        )
      ).summary,
    ).toMatchObject({ unchanged: 1 })
  })

  it('previews without writing anything', async () => {
    const x = tag()
    const rows = await rowCounts(t)
    const plan = await deploy(t, request(`pre-${x}`, fullResources(x)), true)
    expect(plan).toMatchObject({ preview: true, project: { id: '', logicalId: `pre-${x}`, name: `pre-${x}` }, summary: { create: 10 } })
    expect((plan.changes as Json[]).every((c) => c.id === null)).toBe(true)
    expect(await rowCounts(t)).toEqual(rows)
    expectStatus(await t.call('GET', `/v1/projects/pre-${x}`), 404)

    const first = await deploy(t, request(`pre-${x}`, fullResources(x)))
    const after = await rowCounts(t)
    const changed = await deploy(t, request(`pre-${x}`, withPayload(fullResources(x), 'db', (p) => ({ ...p, name: 'Database' })).slice(1)), true)
    expect(changed.summary).toEqual({ create: 0, update: 1, delete: 1, unchanged: 8 })
    expect(changed.project.id).toBe(first.project.id)
    expect(await rowCounts(t)).toEqual(after)
    expect((await read(t, 'check', changeOf(first, 'check', 'db').id)).name).toBe('DB')
  })

  it('replaces a check whose type changed and a variable whose key changed; the services keep their own rules', async () => {
    const x = tag()
    const resources = fullResources(x).filter((r) => ['db', 'token'].includes(r.logicalId))
    const first = await deploy(t, request(`swap-${x}`, resources))
    const swapped = resources.map((r) =>
      r.logicalId === 'db'
        ? { ...r, checkType: 'url' as const, payload: { name: 'DB', request: { url: 'https://example.com/db' } } }
        : { ...r, payload: { ...r.payload, key: `NEW_TOKEN_${x}` } },
    )
    const second = await deploy(t, request(`swap-${x}`, swapped))
    expect(changeOf(second, 'check', 'db')).toMatchObject({ action: 'update', fields: ['checkType', 'request'] })
    expect(changeOf(second, 'check', 'db').id).not.toBe(changeOf(first, 'check', 'db').id)
    expect(await read(t, 'check', changeOf(second, 'check', 'db').id)).toMatchObject({ checkType: 'URL', name: 'DB' })
    expectStatus(await t.call('GET', `/v1/checks/${changeOf(first, 'check', 'db').id}`), 404)
    expect(changeOf(second, 'variable', 'token')).toMatchObject({ action: 'update', id: `NEW_TOKEN_${x}`, fields: ['key'] })
    expectStatus(await t.call('GET', `/v1/variables/TOKEN_${x}`), 404)

    // A secret stays secret (the variables' rule): the deploy is a 400 naming the resource, and nothing changes.
    const rows = await rowCounts(t)
    const unsecret = swapped.map((r) => (r.kind === 'variable' ? { ...r, payload: { ...r.payload, secret: false } } : r))
    const res = expectStatus(await t.call('POST', '/v1/projects/deploy', request(`swap-${x}`, unsecret)), 400)
    expect(Object.keys(res.attributes)).toEqual(['resources[1] (variable:token).secret'])
    expect(await rowCounts(t)).toEqual(rows)
  })

  it('serializes concurrent deploys of one project', async () => {
    const x = tag()
    const body = request(`race-${x}`, fullResources(x))
    const answers = await Promise.all([t.call('POST', '/v1/projects/deploy', body), t.call('POST', '/v1/projects/deploy', body)])
    const summaries = answers.map((a) => expectStatus(a, 200).summary)
    expect(summaries).toContainEqual({ create: 10, update: 0, delete: 0, unchanged: 0 })
    expect(summaries).toContainEqual({ create: 0, update: 0, delete: 0, unchanged: 10 })
    const project = expectStatus(await t.call('GET', `/v1/projects/race-${x}`), 200)
    expect(project.resources).toHaveLength(10)
  })

  it('lists projects with their resource counts, and reads one with its resources', async () => {
    const x = tag()
    const standalone = fullResources(x).filter((r) => ['wall', 'backup', 'db'].includes(r.logicalId))
    const first = await deploy(t, request(`list-${x}`, standalone))
    const renamed = await deploy(t, request(`list-${x}`, standalone, 'Listed'))
    expect(renamed.project).toEqual({ ...first.project, name: 'Listed' })
    const res = await t.call('GET', '/v1/projects?limit=100')
    const listed = (expectStatus(res, 200) as unknown as Json[]).find((p) => p.logicalId === `list-${x}`)
    expect(listed).toMatchObject({ id: first.project.id, name: 'Listed', resources: 3 })
    expect(res.headers['content-range']).toMatch(/^0-\d+\/\d+$/)
    const one = expectStatus(await t.call('GET', `/v1/projects/list-${x}`), 200)
    expect(one.resources).toHaveLength(3)
    expect(one.resources).toContainEqual({ kind: 'check', logicalId: 'db', id: changeOf(first, 'check', 'db').id })
    expectStatus(await t.call('GET', '/v1/projects/unknown-project'), 404)
    const theirs = await t.otherAccount()
    expectStatus(await t.app.inject({ method: 'GET', url: `/v1/projects/list-${x}`, headers: theirs.headers }), 404)
  })
})
