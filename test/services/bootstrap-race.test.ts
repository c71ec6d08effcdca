/**
 * Instances starting together on an empty database all bootstrap the first account with the same
 * PICKET_ACCOUNT_ID and PICKET_API_KEY; one creates it, the others find it, and none fails (it used to end one
 * instance with a unique-key error).
 */
import { describe, expect, it } from 'vitest'
import { systemClock } from '../../src/lib/clock.js'
import { buildServices } from '../../src/services/index.js'
import { testDbs } from '../helpers/db.js'

const given = { accountId: '6e3f0a51-9d88-4f42-8c61-5b0e4fad2b73', apiKey: 'pk_bootstrap_race_key_0001' }

describe.each(testDbs)('bootstrapping the first account from several instances on $name', (db) => {
  it('creates it once, and every instance goes on', async () => {
    const store = await db.open()
    try {
      const instances = Array.from({ length: 4 }, () => buildServices({ store, clock: systemClock, publicBaseUrl: 'http://picket.test' }))
      const outcomes = await Promise.all(instances.map((s) => s.accounts.bootstrap(given)))
      expect(outcomes.filter((o) => o.created)).toHaveLength(1)
      expect(outcomes.every((o) => o.accountId === given.accountId)).toBe(true)
      const [first] = instances
      expect(await first?.accounts.listAccounts()).toHaveLength(1)
      expect(await first?.accounts.authenticate(given.apiKey, given.accountId)).toBe(given.accountId)
    } finally {
      await store.close()
    }
  })
})
