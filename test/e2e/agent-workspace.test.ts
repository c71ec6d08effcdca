/**
 * The workspace of an agent killed mid-job (SIGKILL: it cleans nothing) is removed when the agent starts again: a
 * real `picket-agent` process with its own TMPDIR runs a browser check held by the target, is killed, and is started
 * again. What the agent did not make stays: a folder without an owner beside the workspaces, and whatever a link in
 * the dead workspace points to (the removal unlinks the link, it never follows it). A clean stop removes the
 * agent's own folder. The workspace is the agent's business, not the store's: this runs on SQLite only.
 */
import { existsSync, readdirSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAgent, stopAgentProcesses } from '../helpers/agent-process.js'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { testDbs } from '../helpers/db.js'
import { PROCESS_TEST_TIMEOUT_MS } from '../helpers/process.js'
import { startGatedTarget, type GatedTarget } from '../helpers/targets/gated.js'

const WAIT = { timeout: 90_000, interval: 200 }

/** The folders below `dir` (none when it does not exist). */
const folders = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
    : []

describe.skipIf(!HAS_CHROMIUM)('the workspace of a killed agent', () => {
  let t: TestApp
  let target: GatedTarget
  let tmp = ''
  let outside = ''

  beforeAll(async () => {
    ;[t, target] = await Promise.all([startTestApp(testDbs[0]!), startGatedTarget()])
    // Short: the runs' sockets below it must fit in 108 bytes.
    tmp = await mkdtemp(path.join(os.tmpdir(), 'pat-'))
    outside = await mkdtemp(path.join(os.tmpdir(), 'picket-agent-outside-'))
    await chmod(tmp, 0o755) // the runs' user (nobody, when the tests run as root) passes through it
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    stopAgentProcesses()
    target?.release('kill')
    await target?.close()
    await t?.close()
    for (const dir of [tmp, outside]) if (dir) await rm(dir, { recursive: true, force: true })
  })

  it(
    'is removed at the next start, and only what the agent made',
    async () => {
      const location = (await t.call('POST', '/v1/private-locations', { name: 'Office', slugName: 'office' })).json<{ keys: Array<{ rawKey: string }> }>()
      const script = ["const { test } = require('@playwright/test')", `test('held', async ({ page }) => { await page.goto('${target.url}/held?hold=kill') })`].join('\n')
      const created = await t.call('POST', '/v1/checks/browser?autoAssignAlerts=false', {
        name: 'held page',
        activated: false,
        locations: [],
        privateLocations: ['office'],
        script,
      })
      expect(created.statusCode, created.body).toBe(201)
      const checkId = created.json<{ id: string }>().id
      const serviceUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
      const env = { API_KEY: String(location.keys[0]?.rawKey), PICKET_URL: serviceUrl, TMPDIR: tmp }

      const first = await startAgent(env)
      expect((await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })).statusCode).toBe(201)
      await expect.poll(() => target.hitsOf('/held'), WAIT).toBe(1)
      const base = path.join(tmp, `pka-${process.getuid?.() ?? 'user'}`)
      const [stale] = folders(base)
      expect(stale).toBeDefined()
      const staleDir = path.join(base, String(stale))
      // Mid-job: the runner's root holds the run's folder.
      expect(
        folders(staleDir)
          .flatMap((root) => folders(path.join(staleDir, root)))
          .some((name) => name.startsWith('r-')),
      ).toBe(true)
      first.child.kill('SIGKILL')
      expect(await first.exited).toBeNull()
      expect(existsSync(staleDir)).toBe(true)

      // Things the agent did not make: a link in the dead workspace to a folder outside, a folder with no owner.
      await writeFile(path.join(outside, 'keep.txt'), 'not the agent’s')
      await symlink(outside, path.join(staleDir, 'link-out'))
      const foreign = path.join(base, 'not-an-agent')
      await mkdir(foreign)
      await writeFile(path.join(foreign, 'keep.txt'), 'no owner file')

      const second = await startAgent(env)
      expect(existsSync(staleDir)).toBe(false)
      expect(await readFile(path.join(outside, 'keep.txt'), 'utf8')).toBe('not the agent’s')
      expect(await readFile(path.join(foreign, 'keep.txt'), 'utf8')).toBe('no owner file')
      expect(second.output()).toContain('Removed the workspaces of agents that were killed')
      const own = folders(base).filter((name) => name !== 'not-an-agent')
      expect(own).toHaveLength(1)

      // The job the killed agent held runs again after its lease; a clean stop removes the agent's own folder.
      target.release('kill')
      second.child.kill('SIGTERM')
      expect(await second.exited).toBe(0)
      expect(folders(base)).toEqual(['not-an-agent'])
    },
    PROCESS_TEST_TIMEOUT_MS,
  )
})
