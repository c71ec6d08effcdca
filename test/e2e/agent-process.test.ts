/**
 * The private-location agent as an operator runs it: the service and `picket-agent` as real processes on loopback
 * ports. A check assigned only to the private location waits for an agent and runs through it (its result carries
 * the location); the agent's health port says ready once connected; a deleted key is refused at once (readiness
 * 503); SIGTERM stops the agent cleanly (exit 0).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readiness, startAgent, stopAgentProcesses, type AgentProcess } from '../helpers/agent-process.js'
import { apiCall, startConsoleService, type ConsoleService } from '../helpers/console-kit.js'
import { PROCESS_TEST_TIMEOUT_MS, stopStrayProcesses } from '../helpers/process.js'
import { startHttpTarget, type Target } from '../helpers/targets/http.js'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies

describe('the private-location agent as a process', () => {
  let svc: ConsoleService
  let target: Target
  let agent: AgentProcess | undefined
  let location: Json
  let checkId = ''

  beforeAll(async () => {
    ;[svc, target] = await Promise.all([startConsoleService(), startHttpTarget()])
    location = (await (await apiCall(svc, 'POST', '/v1/private-locations', { name: 'Office', slugName: 'office' })).json()) as Json
    const check = await apiCall(svc, 'POST', '/v1/checks/api', {
      name: 'Intranet',
      activated: false,
      locations: [],
      privateLocations: ['office'],
      request: { url: `${target.url}/json` },
    })
    expect(check.status).toBe(201)
    checkId = String(((await check.json()) as Json).id)
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    agent?.child.kill('SIGKILL')
    await target?.close()
    await svc?.stop()
    stopAgentProcesses()
    stopStrayProcesses()
  })

  it(
    'runs a check of the private location only through an agent, which reports in',
    async () => {
      const trigger = await apiCall(svc, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })
      expect(trigger.status).toBe(201)
      const results = async () => (await (await apiCall(svc, 'GET', `/v1/check-results/${checkId}`)).json()) as Json[]
      // No agent yet: the run waits in the queue.
      const metrics = (await (await apiCall(svc, 'GET', `/v1/private-locations/${String(location.id)}/metrics`)).json()) as Json
      expect(JSON.stringify(metrics)).toMatch(/queue/i)
      expect(await results()).toEqual([])
      agent = await startAgent({ API_KEY: String(location.keys[0].rawKey), PICKET_URL: svc.baseUrl })
      await expect.poll(() => readiness(agent as AgentProcess), { timeout: 20_000 }).toBe(200)
      await expect.poll(async () => (await results()).length, { timeout: 30_000 }).toBeGreaterThan(0)
      const [first] = await results()
      expect(first).toMatchObject({ runLocation: 'office', hasFailures: false })
      expect(target.hits).toBeGreaterThan(0)
      const seen = (await (await apiCall(svc, 'GET', `/v1/private-locations/${String(location.id)}`)).json()) as Json
      expect(seen.agentCount).toBe(1)
      expect(Date.parse(String(seen.lastSeen))).toBeGreaterThan(Date.now() - 60_000)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )

  it(
    "boxes users' code on the agent: a script sees neither the agent's key nor its service",
    async () => {
      const script = `const { test } = require('@playwright/test')
const fs = require('fs')
test('attack', async () => {
  const environs = fs.readdirSync('/proc').filter((n) => /^\\d+$/.test(n)).map((n) => { try { return fs.readFileSync('/proc/' + n + '/environ', 'utf8') } catch (e) { return '' } })
  console.log('ENVIRONS ' + (environs.join(' ').includes('pl_') ? 'leaked' : 'clean') + ' ' + environs.length)
  const r = await fetch(process.env.SERVICE_URL + '/v1/private-locations')
  console.log('SERVICE ' + r.status + ' ' + (await r.text()).slice(0, 300))
})`
      const created = await apiCall(svc, 'POST', '/v1/checks/multistep', {
        name: 'Attacker',
        activated: false,
        locations: [],
        privateLocations: ['office'],
        script,
        environmentVariables: [{ key: 'SERVICE_URL', value: svc.baseUrl }],
      })
      expect(created.status).toBe(201)
      const id = String(((await created.json()) as Json).id)
      expect((await apiCall(svc, 'POST', '/v1/check-sessions/trigger', { target: { checkId: [id] } })).status).toBe(201)
      const results = async () => (await (await apiCall(svc, 'GET', `/v1/check-results/${id}`)).json()) as Json[]
      await expect.poll(async () => (await results()).length, { timeout: 60_000 }).toBeGreaterThan(0)
      const [result] = await results()
      const text = JSON.stringify(result)
      expect(result).toMatchObject({ runLocation: 'office', hasFailures: true })
      expect(text).toContain("is Picket's own API (this agent's service); runs never reach Picket's own services")
      expect(text).not.toContain(String(location.keys[0].rawKey))
      expect(text).not.toContain('leaked')
    },
    PROCESS_TEST_TIMEOUT_MS,
  )

  it(
    'is refused at once when its key is deleted, and says so on its readiness',
    async () => {
      const second = (await (await apiCall(svc, 'POST', `/v1/private-locations/${String(location.id)}/keys`)).json()) as Json
      expect(second.rawKey ?? second.keys).toBeDefined()
      const removed = await apiCall(svc, 'DELETE', `/v1/private-locations/${String(location.id)}/keys/${String(location.keys[0].id)}`)
      expect(removed.status).toBe(204)
      const refused = await fetch(`${svc.baseUrl}/agent/v1/heartbeat`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${String(location.keys[0].rawKey)}`,
          'x-picket-agent': crypto.randomUUID(),
          'x-picket-agent-version': '0.1.0',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ jobsInFlight: 0 }),
      })
      expect(refused.status).toBe(401)
      await expect.poll(() => readiness(agent as AgentProcess), { timeout: 60_000 }).toBe(503)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )

  it(
    'stops on SIGTERM with exit code 0',
    async () => {
      agent?.child.kill('SIGTERM')
      expect(await agent?.exited).toBe(0)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )
})
