/**
 * Root-cause analyses answer in the reference's shapes on both stores: asked for a check's error group and a
 * test-session error group with a scripted model on loopback, and read back completed and pending.
 */
import { afterAll, beforeAll, describe } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startScriptedModel, type ScriptedModel } from '../../helpers/model-server.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { rootCauseAnalysisCases, type RcaFixtures } from './cases/root-cause-analyses.js'
import { ANALYSIS, appWithGroups, unfinishedAnalysis, type GroupsApp } from './rca-fixtures.js'

describe.each(testDbs)('root-cause analyses in the reference shapes on $name', (db) => {
  let model: ScriptedModel
  let ctx: GroupsApp
  let fixtures: RcaFixtures

  beforeAll(async () => {
    model = await startScriptedModel(() => ({ content: JSON.stringify(ANALYSIS) }))
    ctx = await appWithGroups(db, model.url)
    const [errorGroupId = '', otherGroupId = ''] = ctx.groupIds
    const asked = await ctx.t.services.rootCauseAnalyses.forErrorGroup(ctx.t.accountId, otherGroupId, { userContext: 'Deployed at noon' })
    await ctx.t.services.rootCauseAnalyses.settle()
    fixtures = {
      errorGroupId,
      testSessionErrorGroupId: ctx.testSessionErrorGroupId,
      completedId: asked.id,
      pendingId: await unfinishedAnalysis(ctx.t, errorGroupId, ctx.checkId, 'PENDING'),
    }
  }, 60_000)
  afterAll(async () => {
    await ctx.t.services.rootCauseAnalyses.settle()
    await ctx.t.close()
    await model.close()
  })

  itConformsToReference(
    rootCauseAnalysisCases,
    () => ctx.t,
    () => fixtures,
  )
})
