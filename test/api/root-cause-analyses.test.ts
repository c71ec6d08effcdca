/**
 * Root-cause analyses through the API with a scripted model on loopback: asked (202, PENDING), completed in the
 * background and read back; a model endpoint that is down leaves a FAILED analysis that says why; another
 * account's group or analysis is a 404; a service without a model refuses naming the setting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDbs } from '../helpers/db.js'
import { startTestApp } from '../helpers/app.js'
import { finalResult } from '../helpers/error-group-kit.js'
import { downModelUrl, startScriptedModel, type ScriptedModel } from '../helpers/model-server.js'
import { buildStores } from '../../src/store/all-stores.js'

const ANALYSIS = {
  classification: 'INFRA ERROR',
  userImpact: 'Customers cannot load their orders',
  rootCause: 'The orders service refuses connections',
  codeFix: null,
  evidence: [{ artifacts: [{ name: 'TIMING_PHASES', type: 'TIMINGS' }], description: 'The connection phase fails at once' }],
  referenceLinks: [],
}
const MESSAGE = 'connect ECONNREFUSED 127.0.0.1:41089'

async function appWithGroup(db: (typeof testDbs)[number], url: string | null) {
  const t = await startTestApp(db, url ? { agenticModel: { url, model: 'rca-model', apiKey: null } } : {})
  const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'Orders API', activated: false, request: { url: 'http://127.0.0.1:9/orders' } })
  expect(res.statusCode, res.body).toBe(201)
  const checkId = String(res.json().id)
  const row = {
    ...finalResult(t.accountId, checkId, MESSAGE, Date.now() - 60_000),
    doc: JSON.stringify({ timingPhases: { dns: 0, tcp: 1.5 }, jobLog: ['GET http://127.0.0.1:9/orders'], details: {} }),
  }
  await buildStores(t.store).results.insertMany([row])
  await t.services.afterFinalResults([row])
  const groups = await t.call('GET', `/v1/error-groups/checks/${checkId}`)
  const groupId = String(groups.json<Array<{ id: string }>>()[0]?.id)
  return { t, checkId, groupId }
}

describe.each(testDbs)('root-cause analyses on $name', (db) => {
  let model: ScriptedModel
  let ctx: Awaited<ReturnType<typeof appWithGroup>>
  beforeAll(async () => {
    model = await startScriptedModel(() => ({ content: `Here it is: ${JSON.stringify(ANALYSIS)}` }))
    ctx = await appWithGroup(db, model.url)
  }, 120_000)
  afterAll(async () => {
    await ctx.t.close()
    await model.close()
  })

  it('is accepted as PENDING, completed in the background from the group and its runs, and read back', async () => {
    const { t, groupId, checkId } = ctx
    const asked = await t.call('POST', `/v1/root-cause-analyses/error-groups/${groupId}`, { userContext: 'We moved the database yesterday' })
    expect(asked.statusCode, asked.body).toBe(202)
    const { id, status } = asked.json<{ id: string; status: string }>()
    expect(status).toBe('PENDING')
    await t.services.rootCauseAnalyses.settle()
    const read = await t.call('GET', `/v1/root-cause-analyses/${id}`)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json()).toMatchObject({
      id,
      checkType: 'API',
      provider: new URL(model.url).host,
      model: 'rca-model',
      checkId,
      errorGroupId: groupId,
      status: 'COMPLETED',
      analysis: ANALYSIS,
      userContext: 'We moved the database yesterday',
    })
    expect(typeof read.json().durationMs).toBe('number')
    const sent = model.raw.at(-1) ?? ''
    expect(sent).toContain(MESSAGE)
    expect(sent).toContain('We moved the database yesterday')
    expect(sent).toContain('\\"tcp\\":1.5')
  })

  it.each([
    ['an empty form body (the reference CLI without --user-context) as no body', '', 202],
    ['a form with content as the 415 naming the type the API reads', 'userContext=x', 415],
  ])('takes %s', async (_what, payload, status) => {
    const { t, groupId } = ctx
    const headers = { ...t.headers, 'content-type': 'application/x-www-form-urlencoded' }
    const sent = await t.app.inject({ method: 'POST', url: `/v1/root-cause-analyses/error-groups/${groupId}`, headers, payload })
    expect(sent.statusCode, sent.body).toBe(status)
    if (status === 415) expect(sent.json().attributes).toEqual({ 'content-type': 'must be application/json' })
    await t.services.rootCauseAnalyses.settle()
  })

  it("is a 404 for another account's group and analysis", async () => {
    const { t, groupId } = ctx
    const other = await t.otherAccount()
    const asked = await t.call('POST', `/v1/root-cause-analyses/error-groups/${groupId}`, {})
    const id = asked.json<{ id: string }>().id
    await t.services.rootCauseAnalyses.settle()
    const theirs = await t.app.inject({ method: 'POST', url: `/v1/root-cause-analyses/error-groups/${groupId}`, headers: other.headers, payload: {} })
    expect(theirs.statusCode).toBe(404)
    const read = await t.app.inject({ method: 'GET', url: `/v1/root-cause-analyses/${id}`, headers: other.headers })
    expect(read.statusCode).toBe(404)
    expect((await t.call('POST', '/v1/root-cause-analyses/test-session-error-groups/7f0c3a4e-8d8b-4e8e-9d9f-4b0b3b6c2a11', {})).statusCode).toBe(404)
    expect((await t.call('GET', '/v1/root-cause-analyses/not-an-id')).statusCode).toBe(404)
  })
})

describe.each(testDbs)('root-cause analyses without a working model on $name', (db) => {
  it('ends FAILED, saying the model endpoint could not be reached, when it is down', async () => {
    const url = await downModelUrl()
    const { t, groupId } = await appWithGroup(db, url)
    try {
      const asked = await t.call('POST', `/v1/root-cause-analyses/error-groups/${groupId}`, null)
      expect(asked.statusCode, asked.body).toBe(202)
      await t.services.rootCauseAnalyses.settle()
      const read = await t.call('GET', `/v1/root-cause-analyses/${asked.json<{ id: string }>().id}`)
      expect(read.statusCode).toBe(200)
      expect(read.json()).toMatchObject({ status: 'FAILED', error: `The model endpoint ${url}/chat/completions could not be reached: ECONNREFUSED` })
    } finally {
      await t.close()
    }
  })

  it('is a 400 naming the setting on a service without a model', async () => {
    const { t, groupId } = await appWithGroup(db, null)
    try {
      const asked = await t.call('POST', `/v1/root-cause-analyses/error-groups/${groupId}`, {})
      expect(asked.statusCode).toBe(400)
      expect(asked.json().message).toContain('AGENTIC_MODEL_URL')
    } finally {
      await t.close()
    }
  })
})
