/**
 * `picket migrate` as an operator runs it (bin/picket.js in a process): a fresh SQLite DATA_DIR and a fresh
 * PostgreSQL database get every migration, listed; a second run says it is up to date; a bad flag prints the usage.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PROCESS_TEST_TIMEOUT_MS, runCli, stopStrayProcesses } from '../helpers/process.js'
import { createScratchDatabase } from '../helpers/scratch-database.js'

const pgUrl = process.env.TEST_DATABASE_URL
const dirs: string[] = []
const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  stopStrayProcesses()
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
  for (const c of cleanups) await c()
})

const STACK_LINE = /^\s+at /m

/** The environment of a fresh, empty store of each kind. */
const stores: Array<{ name: string; fresh: () => Promise<Record<string, string>> }> = [
  {
    name: 'sqlite',
    fresh: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-migrate-'))
      dirs.push(dir)
      return { DATA_DIR: path.join(dir, 'data') }
    },
  },
  ...(pgUrl
    ? [
        {
          name: 'postgres',
          fresh: async () => {
            const db = await createScratchDatabase(pgUrl, 'picket_migrate')
            cleanups.push(() => db.drop())
            return { DATABASE_URL: db.url }
          },
        },
      ]
    : []),
]

describe('picket migrate', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it.each(stores)('applies every migration to a fresh $name store, then finds it up to date', async ({ fresh }) => {
    const env = await fresh()
    const first = await runCli(['migrate'], env)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).toBe('')
    const lines = first.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^Applied \d+ migrations to (SQLite|PostgreSQL) /)
    expect(lines.slice(1)).toContain('  001-initial')
    expect(lines).toHaveLength(Number(/Applied (\d+)/.exec(lines[0] ?? '')?.[1]) + 1)
    if (env.DATABASE_URL) expect(first.stdout).not.toContain('postgres@')

    const second = await runCli(['migrate'], env)
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout.trim()).toMatch(/^Database .* is up to date: no migrations to apply\.$/)
  })

  it.each([
    { line: 'migrate --force', problem: 'unknown option --force' },
    { line: 'migrate now', problem: 'unexpected argument "now" after "migrate"' },
  ])('picket $line → usage, exit 2, nothing created', async ({ line, problem }) => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-cli-'))
    dirs.push(cwd)
    const run = await runCli(line.split(' '), {}, cwd)
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toBe(`picket: ${problem}`)
    // That command's own usage, not the whole help.
    expect(run.stderr).toContain('Usage: picket migrate\n')
    expect(run.stderr).not.toContain('Usage: picket <command>')
    expect(run.stdout + run.stderr).not.toMatch(STACK_LINE)
    expect(fs.readdirSync(cwd)).toEqual([])
  })

  it('says why when the database cannot be reached, without a stack trace (exit 1)', async () => {
    const run = await runCli(['migrate'], { DATABASE_URL: 'postgres://picket@127.0.0.1:1/picket' })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^picket: .*ECONNREFUSED/)
    expect(run.stdout + run.stderr).not.toMatch(STACK_LINE)
  })
})
