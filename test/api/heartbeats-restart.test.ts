/** A deadline that passes while the service is down is found when it starts again: timers live in the database. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { testDbs, testSecretBox } from '../helpers/db.js'
import { buildApp } from '../../src/api/build-app.js'
import { FakeClock } from '../../src/lib/clock.js'
import { openStore, type Store } from '../../src/store/db.js'
import { migrateToLatest } from '../../src/store/migrate.js'
import { buildServices, type Services } from '../../src/services/index.js'
import { periodicWork } from '../../src/main/periodic.js'

const MIN = 60_000
const BASE = 'http://picket.test'

/** The same database every time it is opened: a SQLite file, or one PostgreSQL schema. */
function persistentDb(name: string): { open: () => Promise<Store>; remove: () => Promise<void> } {
  const url = process.env.TEST_DATABASE_URL
  if (name === 'postgres' && url) {
    const schema = `t_${randomBytes(6).toString('hex')}`
    return {
      open: () => openStore({ databaseUrl: url, pgSchema: schema, pgPoolSize: 2, secrets: testSecretBox() }),
      async remove() {
        const client = new pg.Client({ connectionString: url })
        await client.connect()
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
        await client.end()
      },
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-hb-'))
  return { open: () => openStore({ sqliteFile: path.join(dir, 'picket.db'), secrets: testSecretBox() }), remove: async () => fs.rmSync(dir, { recursive: true, force: true }) }
}

interface Running {
  store: Store
  services: Services
  app: FastifyInstance
}

describe.each(testDbs)('heartbeat deadlines across a restart on $name', (db) => {
  const persistent = persistentDb(db.name)
  const clock = new FakeClock(Date.UTC(2026, 6, 1, 9, 0, 0))
  afterAll(() => persistent.remove())

  const start = async (): Promise<Running> => {
    const store = await persistent.open()
    await migrateToLatest(store)
    const services = buildServices({ store, clock, publicBaseUrl: BASE })
    const app = await buildApp({ services, publicBaseUrl: BASE, rateLimit: { max: 100_000, windowMs: 60_000 } })
    return { store, services, app }
  }
  const stop = async (r: Running) => {
    await r.app.close()
    await r.store.close()
  }

  it('records the failure on the first pass after start, dated at the deadline, and recovers on the next ping', async () => {
    let r = await start()
    const boot = await r.services.accounts.bootstrap({})
    const headers = { authorization: `Bearer ${boot.apiKey ?? ''}`, 'x-service-account': boot.accountId }
    const created = await r.app.inject({
      method: 'POST',
      url: '/v1/checks/heartbeat?autoAssignAlerts=false',
      headers,
      payload: { name: 'Backup', script: '', heartbeat: { period: 30, periodUnit: 'minutes', grace: 5, graceUnit: 'minutes' } },
    })
    expect(created.statusCode, created.body).toBe(201)
    const id = String(created.json().id)
    const pingPath = new URL(String(created.json().heartbeat.pingUrl)).pathname
    const pingedAt = clock.now()
    expect((await r.app.inject({ method: 'POST', url: pingPath })).json()).toMatchObject({ recorded: true })
    await stop(r)

    // Down for two hours: the deadline (ping + 35 min) passes while nothing runs.
    clock.advance(2 * 60 * MIN)
    r = await start()
    expect(periodicWork(r.services).map((w) => w.name)).toContain('heartbeat-deadlines')
    expect(await r.services.heartbeats.checkDeadlines()).toBe(1)
    expect(await r.services.heartbeats.checkDeadlines()).toBe(0)
    const results = (await r.app.inject({ method: 'GET', url: `/v1/check-results/${id}`, headers })).json()
    expect(results[0]).toMatchObject({ status: 'failing', errorKind: 'HEARTBEAT_MISSED', startedAt: new Date(pingedAt + 35 * MIN).toISOString() })
    expect((await r.app.inject({ method: 'GET', url: `/v1/check-statuses/${id}`, headers })).json()).toMatchObject({ status: 'failing' })

    expect((await r.app.inject({ method: 'GET', url: pingPath })).json()).toMatchObject({ recorded: true, state: 'RECEIVED' })
    expect((await r.app.inject({ method: 'GET', url: `/v1/check-statuses/${id}`, headers })).json()).toMatchObject({ status: 'passing' })
    await stop(r)
  })
})
