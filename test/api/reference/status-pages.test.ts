/** Status pages, their services, incidents (both route families) and subscriptions answer in the reference's shapes, on both stores. */
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { statusPageCases, type StatusPageFixtures } from './cases/status-pages.js'

describe.each(testDbs)('status pages and incidents in the reference shapes on $name', (db) => {
  let t: TestApp
  let fixtures: StatusPageFixtures
  beforeAll(async () => {
    t = await startTestApp(db)
    const res = await t.call('POST', '/v1/dashboards', { header: 'Acme operations', customUrl: `acme-ops-${Date.now().toString(36)}`, enableIncidents: true })
    expect(res.statusCode, res.body).toBe(201)
    fixtures = { dashboardId: (res.json() as { id: number }).id }
  })
  afterAll(() => t.close())
  itConformsToReference(
    statusPageCases,
    () => t,
    () => fixtures,
  )
})
