/** Error groups: every 400 (bad ids, paging and flags, PATCH bodies), each naming the field, and what PATCH tolerates. */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { finalResult, type GroupItem } from '../helpers/error-group-kit.js'

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0)

describe.each(testDbs)('error group requests that are 400 on $name', (db) => {
  let t: TestApp
  let group: GroupItem

  const patch = (id: string, body: unknown) => t.call('PATCH', `/v1/error-groups/${id}`, body)

  beforeAll(async () => {
    t = await startTestApp(db)
    const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'Status page', activated: false, request: { url: 'http://127.0.0.1:9/' } })
    expect(res.statusCode, res.body).toBe(201)
    const checkId = String(res.json().id)
    await t.services.afterFinalResults([finalResult(t.accountId, checkId, 'HTTP status 503 Service Unavailable', T0)])
    group = (await t.call('GET', `/v1/error-groups/checks/${checkId}`)).json<GroupItem[]>()[0] as GroupItem
  })
  afterAll(() => t.close())

  it('PATCH ignores unknown keys and treats null as "leave as it is"', async () => {
    const res = await patch(group.id, { archivedUntilNextEvent: true, archiveForEver: null, id: 'ignored', occurrences: 0 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: group.id, archivedUntilNextEvent: true, archivedForever: false, occurrences: group.occurrences })
    expect((await patch(group.id, { archivedUntilNextEvent: false })).json().archivedUntilNextEvent).toBe(false)
  })

  const BAD_PATCHES: Array<[string, unknown, string[]]> = [
    ['an empty body', {}, ['archiveForEver', 'archivedUntilNextEvent']],
    ['only unknown keys', { archived: true }, ['archiveForEver', 'archivedUntilNextEvent']],
    ['only nulls', { archiveForEver: null, archivedUntilNextEvent: null }, ['archiveForEver', 'archivedUntilNextEvent']],
    ['a string for archiveForEver', { archiveForEver: 'yes' }, ['archiveForEver']],
    ['a number for archivedUntilNextEvent', { archivedUntilNextEvent: 1 }, ['archivedUntilNextEvent']],
    ['"true" as text', { archivedUntilNextEvent: 'true' }, ['archivedUntilNextEvent']],
    ['an object and a list', { archiveForEver: {}, archivedUntilNextEvent: [true] }, ['archiveForEver', 'archivedUntilNextEvent']],
    ['an array body', [{ archiveForEver: true }], ['body']],
    ['a JSON string body', 'archiveForEver', ['body']],
  ]
  it.each(BAD_PATCHES)('PATCH with %s is 400 naming the fields', async (_what, body, fields) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/error-groups/${group.id}`,
      headers: { ...t.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) })
    expect(Object.keys(res.json().attributes).sort()).toEqual([...fields].sort())
  })

  it('PATCH with no body or a body that is not JSON is 400', async () => {
    const url = `/v1/error-groups/${group.id}`
    const none = await t.app.inject({ method: 'PATCH', url, headers: t.headers })
    expect(none.statusCode, none.body).toBe(400)
    expect(none.json()).toMatchObject({ statusCode: 400, attributes: { body: expect.any(String) } })
    const broken = await t.app.inject({ method: 'PATCH', url, headers: { ...t.headers, 'content-type': 'application/json' }, payload: '{"archiveForEver": tru' })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().attributes).toHaveProperty('body')
  })

  const long = 'a'.repeat(101)
  const BAD_READS: Array<[string, string, string]> = [
    ['a group id over 100 characters', `/v1/error-groups/${long}`, 'id'],
    ['a check id over 100 characters', `/v1/error-groups/checks/${long}`, 'checkId'],
    ['limit 0', '/v1/error-groups?limit=0', 'limit'],
    ['limit 101', '/v1/error-groups?limit=101', 'limit'],
    ['limit not a number', `/v1/error-groups/checks/${randomUUID()}?limit=ten`, 'limit'],
    ['page 0', '/v1/error-groups?page=0', 'page'],
    ['page not a number', '/v1/error-groups?page=first', 'page'],
    ['includeArchived not a boolean', '/v1/error-groups?includeArchived=maybe', 'includeArchived'],
  ]
  it.each(BAD_READS)('GET with %s is 400 naming it', async (_what, url, field) => {
    const res = await t.call('GET', url)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', attributes: { [field]: expect.any(String) } })
  })

  it('PATCH with a group id over 100 characters is 400 naming it', async () => {
    const res = await patch(long, { archiveForEver: true })
    expect(res.statusCode).toBe(400)
    expect(res.json().attributes).toHaveProperty('id')
  })
})
