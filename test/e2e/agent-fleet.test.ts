/**
 * Several private-location agents as an operator runs them: the service and `picket-agent` processes on loopback
 * ports, checks assigned only to a private location and triggered (never scheduled: `activated: false`).
 *   - two agents of one location share the triggered runs, and no run is done twice;
 *   - an agent killed (SIGKILL) mid-job: after its lease (AGENT_LEASE_SECONDS=3) the job runs again on another
 *     agent and gets exactly one result;
 *   - SIGTERM drains: readiness answers 503 while the job in hand finishes, its result is posted, exit code 0.
 * The target holds requests until the test releases them where a test must see a job in flight; no test depends
 * on how long anything takes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentMetric, readiness, startAgent, stopAgentProcesses, type AgentProcess } from '../helpers/agent-process.js'
import { apiCall, startConsoleService, type ConsoleService } from '../helpers/console-kit.js'
import { PROCESS_TEST_TIMEOUT_MS, stopStrayProcesses } from '../helpers/process.js'
import { startGatedTarget, type GatedTarget } from '../helpers/targets/gated.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

const JOBS_RUN = 'picket_agent_jobs_run_total'
const WAIT = { timeout: 90_000, interval: 250 }

async function json(svc: ConsoleService, method: string, url: string, body?: unknown): Promise<Json> {
  const res = await apiCall(svc, method, url, body)
  expect(res.status, `${method} ${url}`).toBeLessThan(300)
  return (await res.json()) as Json
}

/** A private location and its first key. */
async function privateLocation(svc: ConsoleService, slugName: string): Promise<{ id: string; slugName: string; key: string }> {
  const l = await json(svc, 'POST', '/v1/private-locations', { name: slugName, slugName })
  return { id: String(l.id), slugName, key: String(l.keys[0].rawKey) }
}

/** An API check of the private location only, never scheduled (runs only when triggered). */
async function check(svc: ConsoleService, slugName: string, url: string): Promise<string> {
  const c = await json(svc, 'POST', '/v1/checks/api', { name: `Fleet ${url}`, activated: false, locations: [], privateLocations: [slugName], request: { url } })
  return String(c.id)
}

const trigger = (svc: ConsoleService, checkIds: string[]) => json(svc, 'POST', '/v1/check-sessions/trigger', { target: { checkId: checkIds } })
const results = async (svc: ConsoleService, checkId: string) => (await json(svc, 'GET', `/v1/check-results/${checkId}`)) as unknown as Json[]
const queueSize = async (svc: ConsoleService, locationId: string) => Number((await json(svc, 'GET', `/v1/private-locations/${locationId}/metrics`)).queueSize[0])

async function readyAgent(svc: ConsoleService, key: string, concurrency: number): Promise<AgentProcess> {
  const agent = await startAgent({ API_KEY: key, PICKET_URL: svc.baseUrl, JOB_CONCURRENCY: String(concurrency) })
  await expect.poll(() => readiness(agent), WAIT).toBe(200)
  return agent
}

describe('a fleet of private-location agents as processes', () => {
  // The default lease (300 s) where a run must not be given to a second agent; a 3 s lease where it must.
  let svc: ConsoleService
  let shortLease: ConsoleService
  let target: GatedTarget

  beforeAll(async () => {
    ;[svc, shortLease, target] = await Promise.all([startConsoleService(), startConsoleService({ AGENT_LEASE_SECONDS: '3' }), startGatedTarget()])
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    stopAgentProcesses()
    await target?.close()
    await Promise.all([svc?.stop(), shortLease?.stop()])
    stopStrayProcesses()
  })

  it(
    'shares the runs of one location between two agents, each run done once',
    async () => {
      const location = await privateLocation(svc, 'fleet')
      const paths = Array.from({ length: 10 }, (_, i) => `/share-${i}`)
      const checkIds = await Promise.all(paths.map((p) => check(svc, location.slugName, `${target.url}${p}?ms=400`)))
      const agents = await Promise.all([readyAgent(svc, location.key, 1), readyAgent(svc, location.key, 1)])
      await trigger(svc, checkIds)

      // One slot each and 400 ms per run: while one agent runs a job, the other's waiting lease takes the next.
      await expect.poll(async () => (await Promise.all(checkIds.map((id) => results(svc, id)))).every((r) => r.length > 0), WAIT).toBe(true)
      for (const id of checkIds) {
        const [only, ...more] = await results(svc, id)
        expect(more, `results of check ${id}`).toEqual([])
        expect(only).toMatchObject({ runLocation: 'fleet', hasFailures: false })
      }
      for (const p of paths) expect(target.hitsOf(p), p).toBe(1)
      expect(await queueSize(svc, location.id)).toBe(0)
      const runs = await Promise.all(agents.map((a) => agentMetric(a, JOBS_RUN)))
      expect(runs.reduce((a, b) => a + b, 0)).toBe(checkIds.length)
      for (const n of runs) expect(n).toBeGreaterThan(0)
      // The service sends each job's dueAt, so each agent measured the queue wait of every job it leased.
      expect(await Promise.all(agents.map((a) => agentMetric(a, 'picket_agent_queue_wait_seconds_count')))).toEqual(runs)
      for (const a of agents) a.child.kill('SIGTERM')
      expect(await Promise.all(agents.map((a) => a.exited))).toEqual([0, 0])
    },
    PROCESS_TEST_TIMEOUT_MS,
  )

  it(
    'runs the job of an agent killed mid-run again on another agent after its lease, with one result',
    async () => {
      const location = await privateLocation(shortLease, 'killed')
      const checkId = await check(shortLease, location.slugName, `${target.url}/killed?hold=killed`)
      const first = await readyAgent(shortLease, location.key, 1)
      await trigger(shortLease, [checkId])
      await expect.poll(() => target.hitsOf('/killed'), WAIT).toBe(1)
      first.child.kill('SIGKILL')
      expect(await first.exited).toBeNull()
      // The request of the dead agent is answered into a closed connection; the next one is answered at once.
      target.release('killed')
      const second = await readyAgent(shortLease, location.key, 1)

      await expect.poll(async () => (await results(shortLease, checkId)).length, WAIT).toBeGreaterThan(0)
      const [only, ...more] = await results(shortLease, checkId)
      expect(more).toEqual([])
      expect(only).toMatchObject({ runLocation: 'killed', hasFailures: false })
      expect(target.hitsOf('/killed')).toBe(2)
      expect(await agentMetric(second, JOBS_RUN)).toBe(1)
      expect(await queueSize(shortLease, location.id)).toBe(0)
      second.child.kill('SIGTERM')
      expect(await second.exited).toBe(0)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )

  it(
    'drains on SIGTERM: not ready while the job in hand finishes, its result posted, exit code 0',
    async () => {
      const location = await privateLocation(svc, 'drained')
      const checkId = await check(svc, location.slugName, `${target.url}/drained?hold=drained`)
      const agent = await readyAgent(svc, location.key, 1)
      await trigger(svc, [checkId])
      await expect.poll(() => target.hitsOf('/drained'), WAIT).toBe(1)
      agent.child.kill('SIGTERM')
      // The job is still held by the target, so the agent is draining for as long as this takes.
      await expect.poll(() => readiness(agent), WAIT).toBe(503)
      expect(await agentMetric(agent, 'picket_agent_jobs_in_flight')).toBe(1)
      target.release('drained')
      expect(await agent.exited).toBe(0)

      const [only, ...more] = await results(svc, checkId)
      expect(more).toEqual([])
      expect(only).toMatchObject({ runLocation: 'drained', hasFailures: false })
      expect(target.hitsOf('/drained')).toBe(1)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )
})
