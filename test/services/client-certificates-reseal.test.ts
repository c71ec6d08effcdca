/**
 * Client certificates through a key rotation, on both stores: the start-up pass seals their keys and passphrases
 * again with the current key, and runs still get the original values.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSecretBox } from '../../src/lib/secret-box.js'
import { buildStores } from '../../src/services/stores.js'
import type { Store } from '../../src/store/db.js'
import { sealStoredSecrets } from '../../src/store/secrets/reseal.js'
import { testDbs } from '../helpers/db.js'
import { makeTestPki, type TestPki } from '../helpers/test-pki.js'

describe.each(testDbs)('client certificates through a key rotation on $name', (db) => {
  let store: Store
  let pki: TestPki
  const oldKey = randomBytes(32)
  const newKey = randomBytes(32)
  beforeAll(async () => {
    pki = makeTestPki()
    store = await db.open()
  })
  afterAll(() => store.close())

  it('seals them again with the new key and still opens them', async () => {
    const before = { ...store, secrets: createSecretBox({ current: oldKey }) }
    const accountId = 'a0000000-0000-4000-8000-00000000000a'
    await buildStores(before).accounts.insertAccount({ id: accountId, name: 'Rotating', created_at: 1 })
    await buildStores(before).clientCertificates.insert(
      accountId,
      'c0ffee00-0000-4000-8000-000000000001',
      { host: 'a.test', cert: pki.clientCert, ca: null, key: pki.clientKeyEncrypted, passphrase: pki.passphrase },
      1,
    )
    const after = { ...store, secrets: createSecretBox({ current: newKey, previous: [oldKey] }) }
    const report = await sealStoredSecrets(after, 2, { force: true })
    expect(report.unknownKeys).toEqual({})
    const row = await store.db.selectFrom('client_certificates').select(['key_sealed', 'passphrase_sealed']).executeTakeFirstOrThrow()
    const newId = after.secrets.keyId ?? ''
    expect(row.key_sealed.startsWith(`enc:v1:${newId}:`)).toBe(true)
    expect(row.passphrase_sealed?.startsWith(`enc:v1:${newId}:`)).toBe(true)
    const onlyNew = { ...store, secrets: createSecretBox({ current: newKey }) }
    expect(await buildStores(onlyNew).clientCertificates.forRuns(accountId)).toEqual([
      { host: 'a.test', cert: pki.clientCert, ca: null, key: pki.clientKeyEncrypted, passphrase: pki.passphrase },
    ])
  })
})
