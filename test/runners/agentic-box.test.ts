/**
 * Attacks on an agentic run's browser, made by the agent itself: a scripted model (test/helpers/model-server.ts)
 * steers a real Chromium to the service's files, its processes' environments and its own ports. Chromium runs in
 * the run box, so the files do not exist there, the ports are refused by the egress policy, and no Chromium of the
 * run outlives it, whether it passed, reached its time limit or was stopped. Where the box cannot start, no browser does.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { readFileSync, readlinkSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPEN_EGRESS, type EgressPolicy } from '../../src/domain/egress.js'
import { withProtectedEndpoints } from '../../src/main/protected-endpoints.js'
import { agenticRunner } from '../../src/runners/agentic/runner.js'
import { listProcesses, treeOf } from '../../src/runners/browser/proc-tree.js'
import { createRunBox } from '../../src/runners/sandbox/box-host.js'
import type { CheckRunSpec } from '../../src/runners/contract.js'
import { CHROMIUM_PATH, HAS_CHROMIUM, liveChromiumProcesses } from '../helpers/chromium.js'
import { call, startScriptedModel, type ModelRequestBody, type ScriptedReply } from '../helpers/model-server.js'
import { runDoc } from '../helpers/run-spec.js'

const SECRET = `agentic-box-secret-${process.pid}-${Date.now()}`

const spec = (fields: Record<string, unknown>): CheckRunSpec => ({
  checkId: 'attacker',
  checkName: 'Attacker',
  checkType: 'AGENTIC',
  doc: runDoc('AGENTIC', { prompt: 'Read the page', assertions: [], ...fields }),
  variables: {},
  scripts: { setup: [], teardown: [] },
})

/** The agent opens `url`, reads the whole page and finishes. */
const visit =
  (url: string) =>
  (_: ModelRequestBody, turn: number): ScriptedReply =>
    [{ toolCalls: [call('navigate', { url })] }, { toolCalls: [call('read_text', { selector: 'body' })] }, { toolCalls: [call('finish', { summary: 'Read it' })] }][turn - 1] ?? {
      content: 'done',
    }

/** A page that, a second after it loads, keeps 200 MB more every tenth of a second for as long as it is open. */
const GREEDY_PAGE = `data:text/html,<script>const kept = []; setTimeout(() => setInterval(() => { for (let i = 0; i < 10; i++) kept.push(new Uint8Array(20e6).fill(7)) }, 100), 1000)</script>`

const procFile = (pid: number, name: string): string => {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'latin1')
  } catch {
    return ''
  }
}
const commandLine = (pid: number): string => procFile(pid, 'cmdline')

const pidNamespace = (pid: number | 'self'): string => {
  try {
    return readlinkSync(`/proc/${pid}/ns/pid`)
  } catch {
    return ''
  }
}

interface Seen {
  pid: number
  cmdline: string
  namespace: string
  /** The process's environment as the host reads it. */
  environ: string
}

/** Every process of the runs made under `workDir` as /proc shows them now: the boxes (bwrap names the run's folder) and all below them. */
function runProcesses(workDir: string): Seen[] {
  const all = listProcesses()
  const roots = all.filter((p) => p.pid !== process.pid && commandLine(p.pid).includes(workDir))
  const pids = new Set(roots.flatMap((r) => treeOf(r.pid, all).map((p) => p.pid)))
  return [...pids].map((pid) => ({ pid, cmdline: commandLine(pid), namespace: pidNamespace(pid), environ: procFile(pid, 'environ') })).filter((p) => p.cmdline !== '')
}

/** A Chromium process (not the box's bwrap, whose command line names Chromium too). */
const isBrowser = (p: Seen): boolean => /chromium/.test(p.cmdline) && !p.cmdline.startsWith('/usr/bin/bwrap')

// Each case is a whole agentic run in a box with a real Chromium, on a machine that may be busy.
describe.skipIf(!HAS_CHROMIUM)('the agentic run box under attack', { timeout: 120_000 }, () => {
  let workDir: string
  let dataDir: string
  let fakeApi: http.Server
  let apiPort: number
  let apiHits = 0
  let holder: ChildProcess
  let egress: EgressPolicy
  const savedSecret = process.env.PICKET_TEST_SERVICE_SECRET

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'pab-'))
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pab-data-'))
    await chmod(workDir, 0o755)
    await chmod(dataDir, 0o755)
    // Readable by every user of the host: only the box keeps it from the page.
    await writeFile(path.join(dataDir, 'picket.db'), `every account's secrets: ${SECRET}`, { mode: 0o644 })
    // The service's environment holds secrets; the box's first process must not inherit it.
    process.env.PICKET_TEST_SERVICE_SECRET = SECRET
    // A process of the service with the secret in its environment.
    holder = spawn('/bin/sleep', ['600'], { env: { PICKET_TEST_SERVICE_SECRET: SECRET }, stdio: 'ignore' })
    // Stands for the service's own API port.
    fakeApi = http.createServer((_req, res) => {
      apiHits++
      res.end(`owner key ${SECRET}`)
    })
    await new Promise<void>((resolve) => fakeApi.listen(0, '0.0.0.0', resolve))
    apiPort = (fakeApi.address() as AddressInfo).port
    egress = await withProtectedEndpoints(OPEN_EGRESS, {
      listening: [{ name: 'API port', port: apiPort }],
      remote: [{ name: 'database', url: 'postgres://postgres@127.0.0.1:5432/picket', defaultPort: 5432 }],
    })
  })
  afterAll(async () => {
    if (savedSecret === undefined) delete process.env.PICKET_TEST_SERVICE_SECRET
    else process.env.PICKET_TEST_SERVICE_SECRET = savedSecret
    holder.kill('SIGKILL')
    await new Promise((resolve) => fakeApi.close(resolve))
    await rm(workDir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  })

  async function attack(url: string, options: { unboxed?: boolean } = {}) {
    const model = await startScriptedModel(visit(url))
    try {
      const runner = agenticRunner({ model: { url: model.url, model: 'm', apiKey: null }, chromiumPath: CHROMIUM_PATH, egress, workDir, ...(options.unboxed ? { box: null } : {}) })
      const result = await runner.run(spec({}), { location: 'eu-west-1', now: () => Date.now() })
      await result.release?.()
      return { result, sent: model.raw.join('\n') }
    } finally {
      await model.close()
    }
  }

  /** The first lines of the host's /etc/shadow: what a page reading it would show. */
  const shadowLines = async (): Promise<string[]> =>
    (await readFile('/etc/shadow', 'utf8'))
      .split('\n')
      .filter((l) => l.includes(':'))
      .slice(0, 3)

  const reads: Array<{ name: string; url: () => string; secrets: () => Promise<string[]> }> = [
    { name: '/etc/shadow', url: () => 'file:///etc/shadow', secrets: shadowLines },
    { name: "a file of the service's DATA_DIR", url: () => `file://${dataDir}/picket.db`, secrets: async () => [SECRET] },
    // A listing of the folder would name the database file.
    { name: "the service's DATA_DIR folder", url: () => `file://${dataDir}/`, secrets: async () => [SECRET, 'picket.db'] },
    { name: "the box's first process's environment", url: () => 'file:///proc/1/environ', secrets: async () => [SECRET] },
    { name: "a service process's environment", url: () => `file:///proc/${holder.pid}/environ`, secrets: async () => [SECRET] },
  ]
  it.each(reads)('reading $name shows the agent nothing of the host', async ({ url, secrets }) => {
    const { result, sent } = await attack(url())
    const steps = JSON.stringify((result.details as { steps: unknown[] }).steps)
    expect(steps).toContain('read_text')
    for (const secret of await secrets()) {
      expect(steps).not.toContain(secret)
      expect(sent).not.toContain(secret)
      expect(JSON.stringify(result)).not.toContain(secret)
    }
  })

  it('fails saying why, and starts no browser, where the box cannot start', async () => {
    const model = await startScriptedModel(visit('about:blank'))
    try {
      const box = createRunBox({ bwrapPath: '/nonexistent/bwrap' })
      const runner = agenticRunner({ model: { url: model.url, model: 'm', apiKey: null }, chromiumPath: CHROMIUM_PATH, egress, workDir, box })
      const result = await runner.run(spec({}), { location: 'eu-west-1', now: () => Date.now() })
      expect(result.errorKind).toBe('CONFIG')
      expect(result.errorMessage).toContain('bubblewrap was not found at /nonexistent/bwrap')
      expect(result.hasErrors).toBe(true)
      expect(model.bodies).toEqual([])
    } finally {
      await model.close()
    }
  })

  it('shows the same file to an agent outside the box (SANDBOX=off), so the reads above are real attempts', async () => {
    const { sent } = await attack(`file://${dataDir}/picket.db`, { unboxed: true })
    expect(sent).toContain(SECRET)
  })

  const refusals: Array<{ name: string; url: () => string; refused: () => string }> = [
    { name: "the API's own port", url: () => `http://127.0.0.1:${apiPort}/`, refused: () => `Egress policy: 127.0.0.1:${apiPort} is Picket's own API port` },
    { name: 'PostgreSQL', url: () => 'http://127.0.0.1:5432/', refused: () => "Egress policy: 127.0.0.1:5432 is Picket's own database" },
  ]
  it.each(refusals)('is refused by the egress policy on $name, and the run says so', async ({ url, refused }) => {
    const hitsBefore = apiHits
    const { result, sent } = await attack(url())
    expect(result.status).toBe('failing')
    expect(result.errorKind).toBe('CONFIG')
    expect(result.errorMessage).toContain(refused())
    expect(apiHits).toBe(hitsBefore)
    expect(sent).not.toContain(SECRET)
  })

  it.each([
    { name: 'passes', limits: {}, reply: 'finish' as const, abortAt: null, freeze: false, errorKind: null, cancelled: false },
    { name: 'reaches its time limit', limits: { timeoutSeconds: 10 }, reply: 'wait' as const, abortAt: null, freeze: false, errorKind: 'TIMEOUT', cancelled: false },
    { name: 'is stopped', limits: {}, reply: 'wait' as const, abortAt: 3, freeze: false, errorKind: expect.any(String), cancelled: true },
    // A browser that no longer answers (as a page that took it over might): the box is killed after the time limit.
    {
      name: 'reaches its time limit with a frozen browser',
      limits: { timeoutSeconds: 10 },
      reply: 'wait' as const,
      abortAt: null,
      freeze: true,
      errorKind: 'TIMEOUT',
      cancelled: false,
    },
    // A page whose memory grows without end: the box is killed above the run's memory limit.
    {
      name: 'grows past its memory limit',
      limits: {},
      reply: 'wait' as const,
      abortAt: null,
      freeze: false,
      errorKind: 'SCRIPT',
      cancelled: false,
      page: GREEDY_PAGE,
      // Above the box's own footprint (Chromium's processes and the relay: about 950 MB of resident memory, counted per process).
      memoryMb: 1400,
      message: "The run's browser used more than 1400 MB of memory and was killed",
    },
  ])('leaves no Chromium of the run alive when it $name', async (row) => {
    const { limits, reply, abortAt, freeze, errorKind, cancelled } = row
    const extra: { page?: string; memoryMb?: number; message?: string } = row
    const runDir = await mkdtemp(path.join(workDir, 'life-'))
    await chmod(runDir, 0o755)
    const stop = new AbortController()
    const seen: Seen[] = []
    const model = await startScriptedModel((_, turn) => {
      if (turn === 2) seen.push(...runProcesses(runDir))
      if (turn === 2 && freeze) for (const p of seen) if (isBrowser(p)) process.kill(p.pid, 'SIGSTOP')
      if (turn === abortAt) stop.abort()
      if (turn === 1) return { toolCalls: [call('navigate', { url: extra.page ?? 'about:blank' })] }
      return reply === 'finish' && turn === 2 ? { toolCalls: [call('finish', { summary: 'done' })] } : { toolCalls: [call('wait', { ms: 2000 })] }
    })
    try {
      const runner = agenticRunner({
        model: { url: model.url, model: 'm', apiKey: null },
        chromiumPath: CHROMIUM_PATH,
        egress,
        workDir: runDir,
        ...(extra.memoryMb ? { memoryMb: extra.memoryMb } : {}),
      })
      const result = await runner.run(spec({ agentLimits: { maxSteps: 100, maxTokens: 200_000, ...limits } }), {
        location: 'eu-west-1',
        now: () => Date.now(),
        signal: stop.signal,
      })
      await result.release?.()
      expect(result.errorKind).toEqual(errorKind)
      if (extra.message) expect(result.errorMessage).toBe(extra.message)
      expect(result.cancelled === true).toBe(cancelled)
      // While it ran, the run's Chromium was inside the box: a PID namespace other than the service's, ...
      const browsers = seen.filter(isBrowser)
      expect(browsers.length).toBeGreaterThan(0)
      // ... with an environment of its own, none of the service's.
      for (const b of browsers) expect(b.namespace).not.toBe(pidNamespace('self'))
      for (const p of seen) expect(p.environ).not.toContain(SECRET)
      const alive = seen.filter((p) => listProcesses().some((q) => q.pid === p.pid) && commandLine(p.pid) === p.cmdline)
      expect(alive).toEqual([])
      expect(await liveChromiumProcesses(runDir)).toBe(0)
    } finally {
      await model.close()
    }
  })
})
