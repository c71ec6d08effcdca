/** Check results, analytics, reporting, error groups and reference data answer in the reference's shapes, on both stores. */
import { afterAll, beforeAll, describe } from 'vitest'
import { FakeClock } from '../../../src/lib/clock.js'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { setUpMonitoring, type MonitoringFixtures } from '../../helpers/monitoring-fixtures.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { checkResultCases } from './cases/check-results.js'
import { analyticsCases } from './cases/analytics.js'
import { reportingCases } from './cases/reporting.js'
import { errorGroupCases } from './cases/error-groups.js'
import { referenceDataCases } from './cases/reference-data.js'

const NOW = Date.UTC(2026, 5, 3, 15, 30)

describe.each(testDbs)('check results, analytics, reporting, error groups and reference data in the reference shapes on $name', (db) => {
  let t: TestApp
  let fixtures: MonitoringFixtures
  beforeAll(async () => {
    t = await startTestApp(db, {
      clock: new FakeClock(NOW),
      staticIps: { ipv4: { 'us-east-1': ['203.0.113.10'], 'eu-west-1': ['203.0.113.20'] }, ipv6: { 'us-east-1': ['2001:db8::10'] } },
    })
    fixtures = await setUpMonitoring(t, NOW)
  }, 120_000)
  afterAll(() => t.close())
  for (const cases of [checkResultCases, analyticsCases, reportingCases, errorGroupCases]) {
    itConformsToReference(
      cases,
      () => t,
      () => fixtures,
    )
  }
  itConformsToReference(
    referenceDataCases,
    () => t,
    () => undefined,
  )
})
