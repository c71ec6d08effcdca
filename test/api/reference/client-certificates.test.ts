/** Client certificates answer in the reference's shapes, on both stores. */
import { afterAll, beforeAll, describe } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { makeTestPki, type TestPki } from '../../helpers/test-pki.js'
import { clientCertificateCases } from './cases/client-certificates.js'

describe.each(testDbs)('client certificates in the reference shapes on $name', (db) => {
  let t: TestApp
  let pki: TestPki
  beforeAll(async () => {
    pki = makeTestPki()
    t = await startTestApp(db)
  })
  afterAll(() => t.close())
  itConformsToReference(
    clientCertificateCases,
    () => t,
    () => pki,
  )
})
