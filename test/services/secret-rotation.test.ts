/**
 * Rotating the secret key as the README describes it, through the start of the service (main/open.ts): secrets
 * sealed with the old key make a start with only the new key refuse, naming the setting to use; a start with the
 * new key and the old one as PICKET_SECRET_KEY_PREVIOUS seals everything again with the new key; after it the old
 * key is no longer needed. On SQLite the old key is the one the first start made under DATA_DIR.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config/load.js'
import { keyIdOf } from '../../src/lib/secret-box.js'
import { StartRefused } from '../../src/main/migration-gate.js'
import { openServices } from '../../src/main/open.js'
import { buildStores } from '../../src/services/stores.js'
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js'
import { dumpAllRows } from '../helpers/raw-rows.js'

type Env = Record<string, string>

interface Setup {
  name: string
  /** The environment of the first start. */
  first(): Promise<Env>
  /** The old key's id, once the first start has run. */
  oldKeyId(): string
  /** The documented steps before the start that rotates: the environment that gives only the new key. */
  newKeyOnly(): Env
  /** What to add to it so that the old key is read too. */
  previous(): Env
  /** The new key's id, once a start with it has run. */
  newKeyId(): string
  /** After the rotation: the old key is thrown away. */
  forgetOldKey(): void
  cleanup(): Promise<void>
}

/** SQLite's default: the old key is the file the first start made; moved aside, the next start makes a new one. */
function sqliteSetup(): Setup {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-rotate-'))
  const keyFile = path.join(dataDir, 'secret.key')
  const idOf = (file: string) => keyIdOf(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64'))
  let oldId = ''
  return {
    name: 'sqlite (DATA_DIR/secret.key)',
    first: async () => ({ DATA_DIR: dataDir }),
    oldKeyId: () => (oldId ||= idOf(keyFile)),
    newKeyOnly() {
      if (!fs.existsSync(`${keyFile}.old`)) fs.renameSync(keyFile, `${keyFile}.old`)
      return { DATA_DIR: dataDir }
    },
    previous: () => ({ PICKET_SECRET_KEY_PREVIOUS_FILE: `${keyFile}.old` }),
    newKeyId: () => idOf(keyFile),
    forgetOldKey: () => fs.rmSync(`${keyFile}.old`),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  }
}

/** PostgreSQL: keys given in the environment. */
function postgresSetup(url: string): Setup {
  let scratch: ScratchDatabase | undefined
  const [OLD, NEW] = [randomBytes(32), randomBytes(32)]
  const base = (): Env => ({ DATABASE_URL: scratch?.url ?? '', DATA_DIR: os.tmpdir() })
  return {
    name: 'postgres',
    async first() {
      scratch = await createScratchDatabase(url, 'rotate')
      return { ...base(), PICKET_SECRET_KEY: OLD.toString('base64') }
    },
    oldKeyId: () => keyIdOf(OLD),
    newKeyOnly: () => ({ ...base(), PICKET_SECRET_KEY: NEW.toString('base64') }),
    previous: () => ({ PICKET_SECRET_KEY_PREVIOUS: OLD.toString('base64') }),
    newKeyId: () => keyIdOf(NEW),
    forgetOldKey: () => undefined,
    cleanup: async () => scratch?.drop(),
  }
}

const setups = [sqliteSetup(), ...(process.env.TEST_DATABASE_URL ? [postgresSetup(process.env.TEST_DATABASE_URL)] : [])]

describe.each(setups)('rotating the secret key on $name', (setup) => {
  afterAll(() => setup.cleanup())

  it('re-seals with the new key while the old one is given as previous, then needs only the new one', async () => {
    const first = await openServices(loadConfig(await setup.first()))
    const accountId = (await first.services.accounts.bootstrap({})).accountId
    await first.services.variables.create(accountId, { key: 'TOKEN', value: 'rotated-account-secret', secret: true })
    const channel = await first.services.alertChannels.create(accountId, {
      type: 'WEBHOOK',
      config: { name: 'h', url: 'https://h.test/rotated-path', headers: [{ key: 'X-Key', value: 'rotated-header' }] },
    })
    const check = await first.services.checks.create(
      accountId,
      'heartbeat',
      { name: 'B', script: '', heartbeat: { period: 1, periodUnit: 'hours', grace: 1, graceUnit: 'hours' } },
      { autoAssignAlerts: false },
    )
    const trigger = (await first.services.triggers.create(accountId, { checkId: String(check.id) })).view.token
    const oldId = setup.oldKeyId()
    expect(await dumpAllRows(first.store)).toContain(`enc:v1:${oldId}:`)
    await first.store.close()

    // The new key alone cannot read what the old one sealed: the start is refused, saying what to set.
    const withNew = setup.newKeyOnly()
    await expect(openServices(loadConfig(withNew))).rejects.toThrow(StartRefused)
    await expect(openServices(loadConfig(withNew))).rejects.toThrow(new RegExp(`sealed with key ${oldId}.*PICKET_SECRET_KEY_PREVIOUS`))

    const rotating = await openServices(loadConfig({ ...withNew, ...setup.previous() }))
    const newId = setup.newKeyId()
    expect(newId).not.toBe(oldId)
    expect(rotating.sealing).toMatchObject({ keyId: newId, skipped: false, unknownKeys: {} })
    // The variable, the check, the channel and the trigger.
    expect(rotating.sealing.rewritten).toBe(4)
    const dump = await dumpAllRows(rotating.store)
    expect(dump).not.toContain(`enc:v1:${oldId}:`)
    expect(dump).toContain(`enc:v1:${newId}:`)
    await rotating.store.close()

    // The old key is no longer needed: thrown away, the service starts and reads every value.
    setup.forgetOldKey()
    const after = await openServices(loadConfig(withNew))
    expect(after.sealing).toMatchObject({ skipped: true })
    const stores = after.services
    expect((await stores.alertChannels.get(accountId, String(channel.id))).config).toMatchObject({
      url: 'https://h.test/rotated-path',
      headers: [{ key: 'X-Key', value: 'rotated-header', locked: false }],
    })
    expect((await stores.triggers.get(accountId, { checkId: String(check.id) })).token).toBe(trigger)
    expect((await buildStores(after.store).variables.get(accountId, 'TOKEN'))?.value).toBe('rotated-account-secret')
    expect(((await stores.checks.get(accountId, String(check.id))).heartbeat as Record<string, unknown>).pingUrl).toBe((check.heartbeat as Record<string, unknown>).pingUrl)
    await after.store.close()
  })
})
