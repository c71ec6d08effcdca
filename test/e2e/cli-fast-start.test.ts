/**
 * The `picket` command loads only what a command uses (real processes of bin/picket.js against a real server,
 * each recording the modules it loaded): the commands that run no project file never load the TypeScript compiler
 * nor the TypeScript loader (tsx), none loads Picket's TypeScript sources (they run from the CLI's bundle), and
 * deploy and test load the compiler only when a file changed since the files last passed the type-check, while a
 * type error is reported every time.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROCESS_TEST_TIMEOUT_MS, runCli, startServer, stopStrayProcesses, type CliRun, type RunningServer } from '../helpers/process.js'

const ACCOUNT = '7a1c2d3e-4a5b-4c6d-8e7f-0011223344fa'
const KEY = 'cli-fast-start-key-0123456789abcdef'
const RECORDER = pathToFileURL(path.resolve('test/helpers/record-modules.mjs')).href
const STACK_LINE = /^\s+at /m

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-cli-fast-'))
const project = path.join(dir, 'project')
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true })
  fs.writeFileSync(path.join(project, file), text)
}
const CONFIG = "import { defineConfig } from 'picket/constructs'\nexport default defineConfig({ logicalId: 'fast', name: 'Fast', checks: { locations: ['us-east-1'] } })\n"
const check = (id: string, url: string) => `import { ApiCheck } from 'picket/constructs'\nnew ApiCheck('${id}', { name: '${id}', request: { url: ${url} } })\n`

interface Recorded extends CliRun {
  /** Whether a module of this package was loaded. */
  loaded(pkg: string): boolean
  /** Whether a TypeScript source of Picket itself (src/) was loaded, rather than the CLI's bundle. */
  loadedSources: boolean
}

const SOURCES = pathToFileURL(path.resolve('src')).href + '/'

let server: RunningServer
let runs = 0

/** Runs `picket <args>` in the project with its own login and cache folders, recording the modules it loads. */
async function picket(args: string[], login: 'env' | 'saved' = 'env'): Promise<Recorded> {
  const record = path.join(dir, `modules-${(runs += 1)}.txt`)
  fs.writeFileSync(record, '')
  const env = {
    NODE_OPTIONS: `--import ${RECORDER}`,
    RECORD_MODULES_FILE: record,
    PICKET_CONFIG_DIR: path.join(dir, 'config'),
    PICKET_CACHE_DIR: path.join(dir, 'cache'),
    ...(login === 'env' ? { PICKET_API_URL: server.baseUrl, PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY } : {}),
  }
  const run = await runCli(args, env, project)
  const modules = fs.readFileSync(record, 'utf8').split('\n')
  return { ...run, loaded: (pkg) => modules.some((m) => m.includes(`/node_modules/${pkg}/`)), loadedSources: modules.some((m) => m.startsWith(SOURCES) && /\.tsx?$/.test(m)) }
}

beforeAll(async () => {
  write('picket.config.ts', CONFIG)
  write('checks/one.check.ts', check('one', "'https://example.com/one'"))
  write('checks/two.check.ts', check('two', "'https://example.com/two'"))
  server = await startServer({ DATA_DIR: path.join(dir, 'data'), PICKET_ACCOUNT_ID: ACCOUNT, PICKET_API_KEY: KEY })
}, PROCESS_TEST_TIMEOUT_MS)

afterAll(async () => {
  await server?.stop()
  stopStrayProcesses()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('commands that run no project file', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  // In the order a newcomer types them: the login is saved first, used, and forgotten last.
  it.each([
    { line: ['--help'], login: 'env', code: 0, says: 'Usage: picket <command>' },
    { line: ['login', '--url', 'SERVER', '--account', ACCOUNT, '--key', KEY], login: 'saved', code: 0, says: 'Logged in to' },
    { line: ['whoami'], login: 'saved', code: 0, says: `Account: Default account (${ACCOUNT})` },
    { line: ['trigger', '--tags', 'nosuch'], login: 'saved', code: 1, says: 'no deployed check has the tag nosuch' },
    { line: ['destroy', '--project', 'fast'], login: 'saved', code: 1, says: 'Project fast not found' },
    { line: ['deploy', '--previwe'], login: 'saved', code: 2, says: 'Usage: picket deploy [--preview] [--config FILE]' },
    { line: ['logout'], login: 'saved', code: 0, says: 'Forgot the saved login' },
    { line: ['whoami'], login: 'saved', code: 1, says: 'not logged in' },
  ] as const)('picket $line loads neither the compiler nor tsx', async ({ line, login, code, says }) => {
    const run = await picket(
      line.map((word) => (word === 'SERVER' ? server.baseUrl : word)),
      login,
    )
    expect(run.code, run.stderr).toBe(code)
    expect(`${run.stdout}${run.stderr}`).toContain(says)
    expect(run.stderr).not.toMatch(STACK_LINE)
    expect(run.loaded('typescript')).toBe(false)
    expect(run.loaded('tsx')).toBe(false)
    expect(run.loadedSources).toBe(false)
  })
})

describe('deploy and test load the compiler only when a file changed', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('checks on the first deploy, not on the next, again after an edit, and reports a type error each time', async () => {
    const first = await picket(['deploy', '--preview'])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain('Plan: 2 to create')
    expect(first.loaded('typescript')).toBe(true)

    for (const args of [['deploy', '--preview'], ['deploy']]) {
      const again = await picket(args)
      expect(again.code, again.stderr).toBe(0)
      expect(again.loaded('typescript')).toBe(false)
      // tsx compiles the project's files only: Picket's own modules come from the CLI's bundle.
      expect(again.loadedSources).toBe(false)
    }

    write('checks/two.check.ts', check('two', "'https://example.com/two?v=2'"))
    const edited = await picket(['deploy', '--preview'])
    expect(edited.code, edited.stderr).toBe(0)
    expect(edited.stdout).toContain('Plan: 0 to create, 1 to update')
    expect(edited.loaded('typescript')).toBe(true)

    write('checks/two.check.ts', check('two', '42'))
    for (const args of [['deploy', '--preview'], ['test']]) {
      const broken = await picket(args)
      expect(broken.code).toBe(1)
      expect(broken.stderr).toContain(`type errors, nothing was done:\n  checks${path.sep}two.check.ts:2:`)
      expect(broken.loaded('typescript')).toBe(true)
    }
  })

  it('destroy without --project runs the config only, without the compiler', async () => {
    const run = await picket(['destroy'])
    expect(run.code, run.stderr).toBe(1)
    expect(run.stdout).toContain('- check one')
    expect(run.stdout).toContain('Nothing was deleted')
    expect(run.loaded('typescript')).toBe(false)
  })
})
