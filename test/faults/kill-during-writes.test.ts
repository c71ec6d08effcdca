/**
 * Fault test: the service is killed with SIGKILL while it acknowledges writes, on SQLite and on
 * PostgreSQL, by 12 concurrent writers (none of whom may be refused: no "database is locked"). After a restart on the same database every write it acknowledged (201) is there, whole, and every
 * check that exists at all reads back whole (a write cut off by the kill is there entirely or not at all).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js'
import { PROCESS_TEST_TIMEOUT_MS, startServer, stopStrayProcesses, type RunningServer } from '../helpers/process.js'

type Json = Record<string, unknown>

const ACCOUNT = '3b0c7d2e-6a55-4c1f-9f3e-2d8c1b7a9e40'
const KEY = 'pk_kill_during_writes_0001'
const HEADERS = { authorization: `Bearer ${KEY}`, 'x-service-account': ACCOUNT, 'content-type': 'application/json' }
const CONCURRENCY = 12
const ACKED_BEFORE_KILL = 150

interface Target {
  name: string
  env(): Promise<Record<string, string>>
  cleanup(): Promise<void>
}

function postgresTarget(url: string): Target {
  let db: ScratchDatabase | undefined
  return {
    name: 'postgres',
    async env() {
      db = await createScratchDatabase(url, 'picket_kill')
      return { DATABASE_URL: db.url }
    },
    cleanup: async () => db?.drop(),
  }
}

function sqliteTarget(): Target {
  let dir = ''
  return {
    name: 'sqlite',
    async env() {
      dir = await mkdtemp(path.join(tmpdir(), 'picket-kill-'))
      return { DATA_DIR: dir }
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  }
}

const targets: Target[] = [sqliteTarget(), ...(process.env.TEST_DATABASE_URL ? [postgresTarget(process.env.TEST_DATABASE_URL)] : [])]

async function post(base: string, url: string, body: Json): Promise<{ status: number; json: Json } | null> {
  try {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) })
    return { status: res.status, json: (await res.json()) as Json }
  } catch {
    return null // the connection died with the process: unknown whether it was written
  }
}

const get = async (base: string, url: string) => {
  const res = await fetch(`${base}${url}`, { headers: HEADERS })
  return { status: res.status, json: (await res.json()) as Json }
}

describe.each(targets)('SIGKILL while writing on $name', (target) => {
  afterAll(async () => {
    stopStrayProcesses()
    await target.cleanup()
  })

  it(
    'keeps every acknowledged write, and no write half done',
    async () => {
      const env = { ...(await target.env()), PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY, ENGINE: 'off', RATE_LIMIT_MAX: '1000000' }
      const first: RunningServer = await startServer(env)
      const acked: Array<{ kind: 'check' | 'variable'; id: string; name: string }> = []
      const refused: string[] = []
      let n = 0
      let killed = false
      const writer = async () => {
        while (!killed) {
          const i = n++
          if (i % 2 === 0) {
            const name = `crash check ${i}`
            const r = await post(first.baseUrl, '/v1/checks/api', {
              name,
              activated: false,
              locations: ['eu-west-1'],
              tags: [`t${i}`],
              request: { url: `https://example.com/${i}` },
            })
            if (r?.status === 201) acked.push({ kind: 'check', id: String(r.json.id), name })
            else if (r) refused.push(`${r.status} ${JSON.stringify(r.json)}`)
          } else {
            const name = `CRASH_VAR_${i}`
            const r = await post(first.baseUrl, '/v1/variables', { key: name, value: `value ${i}` })
            if (r?.status === 201) acked.push({ kind: 'variable', id: name, name })
            else if (r) refused.push(`${r.status} ${JSON.stringify(r.json)}`)
          }
          if (acked.length >= ACKED_BEFORE_KILL && !killed) {
            killed = true
            first.child.kill('SIGKILL')
          }
        }
      }
      await Promise.all(Array.from({ length: CONCURRENCY }, writer))
      expect(await first.stop()).toBeNull()
      // 12 writers at once on one SQLite file or PostgreSQL: none is turned away (no "database is locked", no 5xx).
      expect(refused).toEqual([])

      const second = await startServer(env)
      try {
        for (const w of acked) {
          const res = await get(second.baseUrl, w.kind === 'check' ? `/v1/checks/${w.id}` : `/v1/variables/${w.id}`)
          expect(res.status, `${w.kind} ${w.id}`).toBe(200)
          expect(res.json, `${w.kind} ${w.id}`).toMatchObject(w.kind === 'check' ? { name: w.name, activated: false } : { key: w.name })
        }
        const all = (await get(second.baseUrl, '/v1/checks?limit=100&page=1')).json as unknown as Json[]
        const pages = [all]
        for (let page = 2; pages.at(-1)?.length === 100; page++) pages.push((await get(second.baseUrl, `/v1/checks?limit=100&page=${page}`)).json as unknown as Json[])
        for (const c of pages.flat()) {
          const i = Number(/crash check (\d+)/.exec(String(c.name))?.[1])
          expect(c, `check ${String(c.id)}`).toMatchObject({ tags: [`t${i}`], request: expect.objectContaining({ url: `https://example.com/${i}` }) })
        }
        expect(pages.flat().length).toBeGreaterThanOrEqual(acked.filter((w) => w.kind === 'check').length)
      } finally {
        await second.stop()
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  )
})
