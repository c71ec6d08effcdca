/** Agentic checks through the API: created and updated where a model is configured; a 400 naming the setting where not. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp, type TestApp } from '../helpers/app.js'

const BODY = {
  name: 'Order history',
  prompt: 'Sign in with {{USER}} and {{PASSWORD}} and check that the order history lists at least one order',
  startUrl: 'https://shop.example.com/login',
  assertions: [{ condition: 'The order history lists at least one order' }],
  activated: false,
}

describe.each(testDbs)('agentic checks on $name', (db) => {
  let t: TestApp
  let bare: TestApp
  beforeAll(async () => {
    t = await startTestApp(db, { agenticModel: { url: 'http://127.0.0.1:9/v1', model: 'm', apiKey: null } })
    bare = await startTestApp(db)
  }, 120_000)
  afterAll(async () => {
    await t.close()
    await bare.close()
  })

  it('creates one with its defaults and limits, and updates it', async () => {
    const res = await t.call('POST', '/v1/checks/agentic', BODY)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      checkType: 'AGENTIC',
      prompt: BODY.prompt,
      startUrl: BODY.startUrl,
      frequency: 60,
      assertions: [{ condition: 'The order history lists at least one order', expected: null }],
      agentLimits: { maxSteps: 25, maxTokens: 200000, timeoutSeconds: 180 },
    })
    const id = String(res.json().id)
    const put = await t.call('PUT', `/v1/checks/agentic/${id}`, { agentLimits: { maxSteps: 5 } })
    expect(put.statusCode, put.body).toBe(200)
    expect(put.json().agentLimits).toEqual({ maxSteps: 5, maxTokens: 200000, timeoutSeconds: 180 })
    const generic = await t.call('POST', '/v1/checks', { ...BODY, checkType: 'AGENTIC' })
    expect(generic.statusCode, generic.body).toBe(201)
  })

  it.each([
    [{ ...BODY, prompt: '' }, 'prompt'],
    [{ ...BODY, startUrl: 'ftp://shop' }, 'startUrl'],
    [{ ...BODY, agentLimits: { maxSteps: 0 } }, 'agentLimits.maxSteps'],
  ])('refuses a bad body naming the field (%#)', async (body, field) => {
    const res = await t.call('POST', '/v1/checks/agentic', body)
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json().attributes ?? {}).join(' ')).toContain(field)
  })

  it('is a 400 naming AGENTIC_MODEL_URL on a service without a model', async () => {
    for (const [url, body] of [
      ['/v1/checks/agentic', BODY],
      ['/v1/checks', { ...BODY, checkType: 'AGENTIC' }],
    ] as const) {
      const res = await bare.call('POST', url, body)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toContain('AGENTIC_MODEL_URL')
      expect(res.json().attributes).toHaveProperty('checkType')
    }
  })
})
