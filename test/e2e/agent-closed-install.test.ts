/**
 * An agent installed in a folder the runs' user cannot pass through (a home folder of mode 700) fails its browser
 * jobs with a result that says which folder is closed and how to open it, not with an EACCES from inside the box.
 * The installation is a copy of the agent's code in such a folder, its node_modules a link to this checkout's; the
 * runs' user is nobody only when the tests run as root, so the test needs root.
 */
import { spawn } from 'node:child_process'
import { chmod, cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../helpers/app.js'
import { HAS_CHROMIUM } from '../helpers/chromium.js'
import { testDbs } from '../helpers/db.js'
import { PROCESS_TEST_TIMEOUT_MS } from '../helpers/process.js'

const ROOT = path.resolve(import.meta.dirname, '../..')
const AS_ROOT = process.getuid?.() === 0

describe.skipIf(!HAS_CHROMIUM || !AS_ROOT)('an agent installed in a closed folder', () => {
  let t: TestApp
  let home = ''
  let child: ReturnType<typeof spawn> | undefined

  beforeAll(async () => {
    t = await startTestApp(testDbs[0]!)
    home = await mkdtemp(path.join(os.tmpdir(), 'pch-'))
    const install = path.join(home, 'picket')
    await mkdir(install)
    for (const part of ['bin', 'src', 'package.json', 'tsconfig.json']) await cp(path.join(ROOT, part), path.join(install, part), { recursive: true })
    await symlink(path.join(ROOT, 'node_modules'), path.join(install, 'node_modules'))
    await chmod(home, 0o700)
  }, PROCESS_TEST_TIMEOUT_MS)
  afterAll(async () => {
    child?.kill('SIGKILL')
    await t?.close()
    if (home) await rm(home, { recursive: true, force: true })
  })

  it(
    'fails browser jobs saying which folder is closed and how to open it',
    async () => {
      const location = (await t.call('POST', '/v1/private-locations', { name: 'Office', slugName: 'office' })).json<{ keys: Array<{ rawKey: string }> }>()
      const script = "const { test } = require('@playwright/test')\ntest('page', async ({ page }) => { await page.goto('about:blank') })"
      const created = await t.call('POST', '/v1/checks/browser?autoAssignAlerts=false', {
        name: 'closed install',
        activated: false,
        locations: [],
        privateLocations: ['office'],
        script,
      })
      expect(created.statusCode, created.body).toBe(201)
      const checkId = created.json<{ id: string }>().id
      const serviceUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
      const agent = spawn(process.execPath, [path.join(home, 'picket', 'bin', 'picket-agent.js')], {
        cwd: path.join(home, 'picket'),
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', AGENT_HEALTH_PORT: '0', API_KEY: String(location.keys[0]?.rawKey), PICKET_URL: serviceUrl },
        stdio: 'ignore',
      })
      child = agent
      expect((await t.call('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } })).statusCode).toBe(201)
      const results = async () => (await t.call('GET', `/v1/check-results/${checkId}`)).json<Array<Record<string, unknown>>>()
      await expect.poll(async () => (await results()).length, { timeout: 120_000, interval: 500 }).toBeGreaterThan(0)
      const [result] = await results()
      expect(result).toMatchObject({ hasErrors: true })
      const text = JSON.stringify(result)
      expect(text).toContain(`cannot pass through ${home} (mode 700)`)
      expect(text).toContain(`chmod o+x ${home}`)
    },
    PROCESS_TEST_TIMEOUT_MS,
  )
})
