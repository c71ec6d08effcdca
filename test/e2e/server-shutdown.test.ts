/**
 * SIGTERM as an orchestrator sends it: the service finishes what is in flight and exits 0 soon when idle, also
 * while an agent of a private location holds a long-poll open and asks again during the shutdown. Those
 * disconnects and refusals are expected, so the log has no error-level line. The bound on the exit is generous
 * (the shutdown grace is 10 s): it tells a shutdown that waits for a long-poll or a timer from one that does not.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readiness, startAgent, stopAgentProcesses, type AgentProcess } from '../helpers/agent-process.js'
import { PROCESS_TEST_TIMEOUT_MS, startServer, stopStrayProcesses, type RunningServer } from '../helpers/process.js'
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js'

const EXIT_BOUND_MS = 5_000

const dirs: string[] = []
const databases: ScratchDatabase[] = []
afterAll(async () => {
  stopAgentProcesses()
  stopStrayProcesses()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
  for (const d of databases) await d.drop()
})

const pgServer = process.env.TEST_DATABASE_URL
/** The embedded SQLite default, and PostgreSQL (a database of its own per service) when the tests have one. */
const stores = [
  { name: 'sqlite', env: async (): Promise<Record<string, string>> => ({}) },
  ...(pgServer
    ? [
        {
          name: 'postgres',
          env: async (): Promise<Record<string, string>> => {
            const db = await createScratchDatabase(pgServer, 'picket_shutdown')
            databases.push(db)
            return { DATABASE_URL: db.url }
          },
        },
      ]
    : []),
]

async function freshServer(storeEnv: Record<string, string>): Promise<RunningServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'picket-shutdown-'))
  dirs.push(dir)
  const server = await startServer({ DATA_DIR: dir, ...storeEnv })
  // It listens before its engine has started; idle means fully started.
  await expect.poll(() => server.stdout().includes('Picket is running'), { timeout: 60_000 }).toBe(true)
  return server
}

/** pino's level of each JSON log line (non-JSON lines, like the start banner, are skipped). */
function levels(output: string): Array<{ level: number; line: string }> {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return []
    try {
      return [{ level: Number((JSON.parse(line) as { level?: unknown }).level), line }]
    } catch {
      return []
    }
  })
}

async function terminate(server: RunningServer): Promise<{ code: number | null; ms: number }> {
  const started = Date.now()
  const code = await server.stop('SIGTERM')
  return { code, ms: Date.now() - started }
}

describe.each(stores)('the service on SIGTERM on $name', { timeout: PROCESS_TEST_TIMEOUT_MS }, (store) => {
  it('exits 0 soon when idle, without error lines', async () => {
    const server = await freshServer(await store.env())
    const { code, ms } = await terminate(server)
    expect(code, server.stdout()).toBe(0)
    expect(ms).toBeLessThan(EXIT_BOUND_MS)
    expect(levels(server.stdout()).filter((l) => l.level >= 50)).toEqual([])
    expect(server.stderr()).toBe('')
  })

  it("ends an agent's long-poll and refuses its next requests without error lines", async () => {
    const server = await freshServer(await store.env())
    const out = server.stdout()
    const call = (method: string, url: string, body?: unknown) =>
      fetch(`${server.baseUrl}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${/Authorization: Bearer (\S+)/.exec(out)?.[1] ?? ''}`,
          'x-service-account': /X-Service-Account: (\S+)/.exec(out)?.[1] ?? '',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    const location = (await (await call('POST', '/v1/private-locations', { name: 'Office', slugName: 'office' })).json()) as { keys: Array<{ rawKey: string }> }
    const agent: AgentProcess = await startAgent({ API_KEY: String(location.keys[0]?.rawKey), PICKET_URL: server.baseUrl })
    try {
      // The agent sends its first lease (a 25 s long-poll, as no job is due) and a heartbeat together as it starts:
      // once the heartbeat was answered (ready), the service holds the long-poll.
      await expect.poll(() => readiness(agent), { timeout: 20_000 }).toBe(200)
      const { code, ms } = await terminate(server)
      expect(code, server.stdout()).toBe(0)
      expect(ms).toBeLessThan(EXIT_BOUND_MS)
      expect(levels(server.stdout()).filter((l) => l.level >= 50)).toEqual([])
      expect(server.stderr()).toBe('')
    } finally {
      agent.child.kill('SIGTERM')
      await agent.exited
    }
  })
})
