import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { startHttpReceiver, type HttpReceiver } from '../helpers/receivers/http-receiver.js'
import { invitedUser } from '../helpers/users.js'

describe.each(testDbs)('alert channel test notifications on $name', (db) => {
  let t: TestApp
  let receiver: HttpReceiver
  beforeAll(async () => {
    t = await startTestApp(db)
    receiver = await startHttpReceiver()
  })
  afterAll(async () => {
    await receiver.close()
    await t.close()
  })

  const webhook = async (url: string) => {
    const res = await t.call('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'hook', url, method: 'POST', webhookType: 'WEBHOOK' } })
    expect(res.statusCode, res.body).toBe(201)
    return res.json().id as number
  }

  it('sends a real POST through a webhook channel and says it was delivered', async () => {
    const id = await webhook(`${receiver.url}/hook`)
    receiver.clear()
    const res = await t.call('POST', `/v1/alert-channels/${id}/test`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ delivered: true, statusCode: 200 })
    expect(receiver.requests).toHaveLength(1)
    const [request] = receiver.requests
    expect(request).toMatchObject({ method: 'POST', url: '/hook' })
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({ CHECK_NAME: 'Picket test notification', ALERT_TYPE: 'ALERT_FAILURE' })
    expect(await t.services.notifications.list(t.accountId, { limit: 10, page: 1 })).toMatchObject({ total: 0 })
  })

  // Clients send no body (curl -X POST), or an empty one with the JSON content type, or {}: the route needs none.
  it.each([
    ['no body and no content type', {}, undefined],
    ['an empty body with the JSON content type', { 'content-type': 'application/json' }, ''],
    ['an empty body with the JSON content type and charset', { 'content-type': 'application/json; charset=utf-8' }, ''],
    ['an empty JSON object', { 'content-type': 'application/json' }, '{}'],
  ] as const)('sends the test for a request with %s', async (_what, headers, payload) => {
    const id = await webhook(`${receiver.url}/hook`)
    receiver.clear()
    const res = await t.app.inject({ method: 'POST', url: `/v1/alert-channels/${id}/test`, headers: { ...t.headers, ...headers }, ...(payload === undefined ? {} : { payload }) })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ delivered: true, statusCode: 200 })
    expect(receiver.requests).toHaveLength(1)
  })

  it('still refuses an empty JSON body where a route takes a body, naming it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/alert-channels', headers: { ...t.headers, 'content-type': 'application/json' }, payload: '' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.any(String), attributes: { body: 'is empty' } })
  })

  it('reports a refusal of the receiver with its status, and an unreachable one', async () => {
    const id = await webhook(`${receiver.url}/hook`)
    receiver.answerNext({ status: 500, body: 'broken' })
    expect((await t.call('POST', `/v1/alert-channels/${id}/test`)).json()).toMatchObject({ delivered: false, statusCode: 500, message: expect.stringMatching(/HTTP 500/) })
    const closed = await webhook('http://127.0.0.1:1/nothing')
    const res = (await t.call('POST', `/v1/alert-channels/${closed}/test`)).json()
    expect(res.delivered).toBe(false)
    expect(res.statusCode).toBeUndefined()
    expect(res.message).toMatch(/failed/)
  })

  it('answers 404 for an unknown channel and 403 for a member who may not change the account', async () => {
    expect((await t.call('POST', '/v1/alert-channels/999999/test')).statusCode).toBe(404)
    expect((await t.call('POST', '/v1/alert-channels/abc/test')).statusCode).toBe(404)
    const id = await webhook(`${receiver.url}/hook`)
    await t.services.users.ensureAdmin('owner@example.com', 'owner password')
    const reader = await invitedUser(t, 'reader@example.com', 'READ_RUN')
    expect((await reader.call('POST', `/v1/alert-channels/${id}/test`)).statusCode).toBe(403)
  })
})
