/**
 * A test app with a scripted model and error groups to analyse: a check with three groups (one failing message
 * each, recorded as the engine records them) and a test-session error group, stored as the service stores them.
 */
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { cleanErrorMessage, errorHash } from '../../../src/domain/error-groups/clean.js'
import { buildStores } from '../../../src/store/all-stores.js'
import type { TestDb } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { finalResult } from '../../helpers/error-group-kit.js'

export const ANALYSIS = {
  classification: 'INFRA ERROR',
  userImpact: 'Customers cannot load their orders',
  rootCause: 'The orders service refuses connections',
  codeFix: null,
  evidence: [{ artifacts: [{ name: 'TIMING_PHASES', type: 'TIMINGS' }], description: 'The connection phase fails at once' }],
  referenceLinks: [],
}

export const GROUP_MESSAGES = ['connect ECONNREFUSED 127.0.0.1:41089', 'Expected status 200, got 503', 'Response time 9000 ms over the limit of 5000 ms']

export interface GroupsApp {
  t: TestApp
  checkId: string
  /** The check's groups, in the order of GROUP_MESSAGES. */
  groupIds: string[]
  testSessionErrorGroupId: string
}

export async function appWithGroups(db: TestDb, modelUrl: string): Promise<GroupsApp> {
  const t = await startTestApp(db, { agenticModel: { url: modelUrl, model: 'rca-model', apiKey: null } })
  const res = await t.call('POST', '/v1/checks/api?autoAssignAlerts=false', { name: 'Orders API', activated: false, request: { url: 'http://127.0.0.1:9/orders' } })
  expect(res.statusCode, res.body).toBe(201)
  const checkId = res.json<{ id: string }>().id
  const stores = buildStores(t.store)
  const rows = GROUP_MESSAGES.map((message, i) => finalResult(t.accountId, checkId, message, Date.now() - 60_000 * (i + 1)))
  await stores.results.insertMany(rows)
  await t.services.afterFinalResults(rows)
  const groups = await t.services.errorGroups.listForCheck(t.accountId, checkId, { limit: 10, page: 1 })
  const groupIds = GROUP_MESSAGES.map((m) => groups.items.find((g) => g.rawErrorMessage === m)?.id ?? '')
  const raw = 'page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:9/checkout'
  const cleaned = cleanErrorMessage(raw)
  const now = Date.now()
  const [sessionGroup] = await stores.testSessionErrorGroups.addOccurrences([
    {
      id: randomUUID(),
      account_id: t.accountId,
      project_key: '',
      error_hash: errorHash(cleaned),
      cleaned_error_message: cleaned,
      raw_error_message: raw,
      environments: '[]',
      first_seen: now - 60_000,
      last_seen: now - 60_000,
      occurrences: 1,
      archived_until_next_event: 0,
      archived_forever: 0,
      created_at: now,
      updated_at: now,
    },
  ])
  return { t, checkId, groupIds, testSessionErrorGroupId: sessionGroup?.id ?? '' }
}

/** Stores an analysis of a check group that has not finished (PENDING) or could not be made (FAILED). */
export async function unfinishedAnalysis(t: TestApp, errorGroupId: string, checkId: string, status: 'PENDING' | 'FAILED'): Promise<string> {
  const id = randomUUID()
  await buildStores(t.store).rootCauseAnalyses.insert({
    id,
    account_id: t.accountId,
    error_group_id: errorGroupId,
    test_session_error_group_id: null,
    check_id: checkId,
    check_type: 'API',
    status,
    user_context: null,
    provider: '127.0.0.1',
    model: 'rca-model',
    analysis: null,
    error_message: status === 'FAILED' ? 'The model endpoint could not be reached' : null,
    duration_ms: status === 'FAILED' ? 5 : null,
    created_at: Date.now(),
    completed_at: status === 'FAILED' ? Date.now() : null,
  })
  return id
}
