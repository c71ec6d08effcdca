/**
 * Error groups list their completed root-cause analyses (check groups and test-session groups alike), in the
 * reference's shape, oldest first; pending and failed ones are left out. A page of groups reads the analyses of
 * all its groups at once: one store read per page, whatever the number of groups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorGroupService } from '../../src/services/error-groups/error-groups.js'
import { testSessionErrorGroupService } from '../../src/services/test-sessions/test-session-error-groups.js'
import { buildStores } from '../../src/store/all-stores.js'
import type { RootCauseAnalysisStore } from '../../src/store/root-cause-analyses.js'
import { testDbs } from '../helpers/db.js'
import { startScriptedModel, type ScriptedModel } from '../helpers/model-server.js'
import { loadReferenceApi } from '../helpers/reference-schema.js'
import { ANALYSIS, appWithGroups, unfinishedAnalysis, type GroupsApp } from './reference/rca-fixtures.js'

type Json = Record<string, unknown>
const reference = loadReferenceApi()

describe.each(testDbs)('root-cause analyses on error groups on $name', (db) => {
  let model: ScriptedModel
  let ctx: GroupsApp
  const asked: string[] = []

  beforeAll(async () => {
    model = await startScriptedModel(() => ({ content: JSON.stringify(ANALYSIS) }))
    ctx = await appWithGroups(db, model.url)
    const { t, groupIds, checkId } = ctx
    const [first = '', second = '', third = ''] = groupIds
    // Asked one after the other, so that their created_at (and so their order) differ.
    for (const [groupId, userContext] of [
      [first, 'We moved the database yesterday'],
      [first, null],
      [second, null],
    ] as const) {
      const res = await t.call('POST', `/v1/root-cause-analyses/error-groups/${groupId}`, { userContext })
      expect(res.statusCode, res.body).toBe(202)
      asked.push(res.json<{ id: string }>().id)
      await t.services.rootCauseAnalyses.settle()
      await new Promise((r) => setTimeout(r, 5))
    }
    await unfinishedAnalysis(t, third, checkId, 'PENDING')
    await unfinishedAnalysis(t, third, checkId, 'FAILED')
    const session = await t.call('POST', `/v1/root-cause-analyses/test-session-error-groups/${ctx.testSessionErrorGroupId}`, {})
    expect(session.statusCode, session.body).toBe(202)
    asked.push(session.json<{ id: string }>().id)
    await t.services.rootCauseAnalyses.settle()
  }, 60_000)
  afterAll(async () => {
    await ctx.t.close()
    await model.close()
  })

  const analysis = (id: string | undefined, userContext: string | null) => ({
    id,
    created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
    analysis: ANALYSIS,
    provider: new URL(model.url).host,
    model: 'rca-model',
    durationMs: expect.any(Number) as unknown,
    userContext,
  })

  it("lists each check group's completed analyses, oldest first, in the list, the check's list and the group", async () => {
    const { t, groupIds, checkId } = ctx
    const expected = [[analysis(asked[0], 'We moved the database yesterday'), analysis(asked[1], null)], [analysis(asked[2], null)], []]
    for (const url of ['/v1/error-groups?limit=10&page=1', `/v1/error-groups/checks/${checkId}`]) {
      const res = await t.call('GET', url)
      expect(res.statusCode, res.body).toBe(200)
      const byId = new Map(res.json<Json[]>().map((g) => [g.id, g.rootCauseAnalyses]))
      expect(groupIds.map((id) => byId.get(id))).toEqual(expected)
    }
    expect(reference.responseErrors('GET', '/v1/error-groups/checks/{checkId}', 200, (await t.call('GET', `/v1/error-groups/checks/${checkId}`)).json())).toEqual([])
    for (const [i, id] of groupIds.entries()) {
      const res = await t.call('GET', `/v1/error-groups/${id}`)
      expect(res.json<Json>().rootCauseAnalyses).toEqual(expected[i])
      expect(reference.responseErrors('GET', '/v1/error-groups/{id}', 200, res.json())).toEqual([])
    }
  })

  it("lists a test-session group's analyses in the reference's TestSessionErrorGroupRootCauseAnalysis shape", async () => {
    const { t, testSessionErrorGroupId } = ctx
    const one = await t.call('GET', `/v1/test-session-error-groups/${testSessionErrorGroupId}`)
    expect(one.json<Json>().rootCauseAnalyses).toEqual([analysis(asked[3], null)])
    expect(reference.responseErrors('GET', '/v1/test-session-error-groups/{id}', 200, one.json())).toEqual([])
    const list = await t.call('GET', '/v1/test-session-error-groups?limit=10&page=1')
    expect(list.json<Json[]>().find((g) => g.id === testSessionErrorGroupId)?.rootCauseAnalyses).toEqual([analysis(asked[3], null)])
    expect(reference.responseErrors('GET', '/v1/test-session-error-groups', 200, list.json())).toEqual([])
  })

  it('reads the analyses of a page of groups with one store read, of every group on the page', async () => {
    const { t, groupIds } = ctx
    const stores = buildStores(t.store)
    const reads: string[][] = []
    const counted: RootCauseAnalysisStore = {
      ...stores.rootCauseAnalyses,
      completedOfGroups: (accountId, kind, ids) => {
        reads.push(ids)
        return stores.rootCauseAnalyses.completedOfGroups(accountId, kind, ids)
      },
    }
    const transact = () => Promise.reject(new Error('a read does not write'))
    const checkGroups = errorGroupService({ stores: { ...stores, rootCauseAnalyses: counted }, clock: t.clock, transact })
    const page = await checkGroups.list(t.accountId, { limit: 10, page: 1 })
    expect(page.items).toHaveLength(3)
    expect(reads).toEqual([expect.arrayContaining(groupIds)])
    reads.length = 0
    const sessionGroups = testSessionErrorGroupService({ stores: { ...stores, rootCauseAnalyses: counted }, clock: t.clock, transact })
    expect(await sessionGroups.list(t.accountId, { limit: 10, page: 1 })).toHaveLength(1)
    expect(reads).toEqual([[ctx.testSessionErrorGroupId]])
  })
})
