/** Checks answer in the reference's shapes on /v1, /v2 and /v3, on both stores. */
import { afterAll, beforeAll, describe } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { checksCases } from './cases/checks.js'

describe.each(testDbs)('checks in the reference shapes on $name', (db) => {
  let t: TestApp
  beforeAll(async () => {
    // A model endpoint, so that agentic checks can be created (no case runs one).
    t = await startTestApp(db, { agenticModel: { url: 'http://127.0.0.1:9/v1', model: 'reference-model', apiKey: null } })
  })
  afterAll(() => t.close())
  itConformsToReference(
    checksCases,
    () => t,
    () => undefined,
  )
})
