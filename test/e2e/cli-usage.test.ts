/**
 * Every bad command line prints the usage and exits 2, help exits 0, never with a stack trace, and nothing is
 * created in the folder it runs in: the store is opened only by commands that need it. Real processes
 * (bin/picket.js), each in an empty folder.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PROCESS_TEST_TIMEOUT_MS, runCli, stopStrayProcesses } from '../helpers/process.js'

const dirs: string[] = []
afterAll(() => {
  stopStrayProcesses()
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

const STACK_LINE = /^\s+at /m

describe('picket command line usage', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it.each([
    { line: 'deploy --previwe', code: 2, problem: 'unknown option --previwe' },
    { line: 'destroy extra', code: 2, problem: 'unexpected argument "extra" after "destroy"' },
    { line: 'trigger', code: 2, problem: '"trigger" needs --tags with at least one tag (--tags a,b matches checks with both)' },
    { line: 'bogus', code: 2, problem: 'unknown command "bogus"' },
    { line: '--preview', code: 2, problem: 'unknown option --preview' },
    { line: 'accounts list --bogus', code: 2, problem: 'unknown option --bogus' },
    { line: 'accounts list --account x', code: 2, problem: '"accounts list" takes no --account' },
    { line: '', code: 2, problem: 'no command given' },
    { line: 'accounts', code: 2, problem: '"accounts" needs one of: create, list' },
    { line: 'keys rotate', code: 2, problem: 'unknown command "keys rotate"' },
    { line: 'keys create', code: 2, problem: '"keys create" needs --account ID' },
    { line: 'keys list --account', code: 2, problem: 'option --account needs a value' },
    { line: 'keys revoke', code: 2, problem: '"keys revoke" needs KEY_ID' },
    { line: 'keys revoke a b', code: 2, problem: 'unexpected argument "b" after "keys revoke"' },
    { line: 'serve --port 3000', code: 2, problem: 'unknown option --port' },
    { line: '--help', code: 0, problem: null },
    { line: '-h', code: 0, problem: null },
    { line: 'help', code: 0, problem: null },
    { line: 'keys create --help', code: 0, problem: null },
    { line: 'deploy --help', code: 0, problem: null },
  ])('picket $line → exit $code', async ({ line, code, problem }) => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-cli-'))
    dirs.push(cwd)
    const run = await runCli(line === '' ? [] : line.split(' '), {}, cwd)
    expect(run.code, run.stderr).toBe(code)
    const [usageStream, otherStream] = code === 0 ? [run.stdout, run.stderr] : [run.stderr, run.stdout]
    expect(usageStream).toContain('Usage: picket <command>')
    expect(usageStream).toContain('keys revoke KEY_ID')
    expect(otherStream).toBe('')
    if (problem) expect(run.stderr.split('\n')[0]).toBe(`picket: ${problem}`)
    expect(run.stdout + run.stderr).not.toMatch(STACK_LINE)
    expect(run.stdout + run.stderr).not.toContain('Error:')
    expect(fs.readdirSync(cwd)).toEqual([])
  })
})
