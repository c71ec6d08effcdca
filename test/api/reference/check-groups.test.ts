/** Check groups answer in the reference's shapes, on both stores. */
import { afterAll, beforeAll, describe } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { checkGroupsCases } from './cases/check-groups.js'

describe.each(testDbs)('check groups in the reference shapes on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp(db)
  })
  afterAll(() => t.close())
  itConformsToReference(
    checkGroupsCases,
    () => t,
    () => undefined,
  )
})
