/** Accounts, entitlements and members answer in the reference's shapes, on both stores. */
import { afterAll, beforeAll, describe } from 'vitest'
import { testDbs } from '../../helpers/db.js'
import { startTestApp, type TestApp } from '../../helpers/app.js'
import { itConformsToReference } from '../../helpers/reference-cases.js'
import { invitedUser, setupOwner } from '../../helpers/users.js'
import { accountCases, type AccountFixtures } from './cases/accounts.js'

describe.each(testDbs)('accounts in the reference shapes on $name', (db) => {
  let t: TestApp
  let fixtures: AccountFixtures
  beforeAll(async () => {
    t = await startTestApp(db)
    await setupOwner(t)
    const members = await Promise.all(['rita', 'walt', 'ada', 'max'].map((name, i) => invitedUser(t, `${name}@example.com`, i % 2 ? 'READ_WRITE' : 'READ_ONLY')))
    fixtures = { accountId: t.accountId, memberIds: members.map((m) => m.userId) as AccountFixtures['memberIds'] }
  })
  afterAll(() => t.close())
  itConformsToReference(
    accountCases,
    () => t,
    () => fixtures,
  )
})
