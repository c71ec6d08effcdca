/** Maintenance windows, their maintenances and status updates answer in the reference's shapes, on both stores. */
import { afterAll, beforeAll, describe } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { maintenanceWindowCases } from './cases/maintenance-windows.js'

describe.each(testDbs)('maintenance windows in the reference shapes on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())
  itConformsToReference(
    maintenanceWindowCases,
    () => t,
    () => undefined,
  )
})
