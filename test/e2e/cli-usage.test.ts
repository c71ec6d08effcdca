/**
 * Every bad command line exits 2 and prints the usage of the command it names (the whole help when it names none),
 * help exits 0, never with a stack trace, and nothing is created in the folder it runs in: the store is opened
 * only by commands that need it. Real processes (bin/picket.js), each in an empty folder.
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

/** The first line of the whole help; a command's own usage starts with "Usage: picket <that command>". */
const HELP = 'Usage: picket <command>'

describe('picket command line usage', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it.each([
    { line: 'deploy --previwe', code: 2, problem: 'unknown option --previwe', usage: 'Usage: picket deploy [--preview] [--config FILE]' },
    { line: 'deploy --config', code: 2, problem: 'option --config needs a value', usage: 'Usage: picket deploy [--preview] [--config FILE]' },
    { line: 'destroy extra', code: 2, problem: 'unexpected argument "extra" after "destroy"', usage: 'Usage: picket destroy [--project ID] --force' },
    { line: 'trigger', code: 2, problem: '"trigger" needs --tags with at least one tag (--tags a,b matches checks with both)', usage: 'Usage: picket trigger --tags A,B' },
    { line: 'trigger --tag shop', code: 2, problem: 'unknown option --tag', usage: 'Usage: picket trigger --tags A,B' },
    { line: 'test --reporter xml', code: 2, problem: '--reporter must be list or json (got "xml")', usage: 'Usage: picket test [FILTER…]' },
    { line: 'test --timeout 5', code: 2, problem: '--timeout must be a whole number of seconds from 10 to 3600 (got "5")', usage: 'Usage: picket test [FILTER…]' },
    { line: 'init a b', code: 2, problem: 'unexpected argument "b" after "init"', usage: 'Usage: picket init [DIR]' },
    { line: 'login --user x', code: 2, problem: 'unknown option --user', usage: 'Usage: picket login --url URL --account ID --key KEY' },
    { line: 'logout --all', code: 2, problem: 'unknown option --all', usage: 'Usage: picket logout' },
    { line: 'whoami --force', code: 2, problem: '"whoami" takes no --force', usage: 'Usage: picket whoami' },
    { line: 'bogus', code: 2, problem: 'unknown command "bogus"', usage: HELP },
    { line: '--preview', code: 2, problem: 'unknown option --preview', usage: HELP },
    { line: 'accounts list --bogus', code: 2, problem: 'unknown option --bogus', usage: 'Usage: picket accounts list' },
    { line: 'accounts list --account x', code: 2, problem: '"accounts list" takes no --account', usage: 'Usage: picket accounts list' },
    { line: 'accounts create --name', code: 2, problem: 'option --name needs a value', usage: 'Usage: picket accounts create [--name NAME]' },
    { line: '', code: 2, problem: 'no command given', usage: HELP },
    { line: 'accounts', code: 2, problem: '"accounts" needs one of: create, list', usage: 'Usage: picket accounts create [--name NAME]' },
    { line: 'keys rotate', code: 2, problem: 'unknown command "keys rotate"', usage: 'Usage: picket keys create --account ID [--name NAME]' },
    { line: 'keys create', code: 2, problem: '"keys create" needs --account ID', usage: 'Usage: picket keys create --account ID [--name NAME]' },
    { line: 'keys list --account', code: 2, problem: 'option --account needs a value', usage: 'Usage: picket keys list --account ID' },
    { line: 'keys revoke', code: 2, problem: '"keys revoke" needs KEY_ID', usage: 'Usage: picket keys revoke KEY_ID' },
    { line: 'keys revoke a b', code: 2, problem: 'unexpected argument "b" after "keys revoke"', usage: 'Usage: picket keys revoke KEY_ID' },
    { line: 'users list --all', code: 2, problem: 'unknown option --all', usage: 'Usage: picket users list' },
    { line: 'users reset-password', code: 2, problem: '"users reset-password" needs EMAIL', usage: 'Usage: picket users reset-password EMAIL' },
    { line: 'serve --port 3000', code: 2, problem: 'unknown option --port', usage: 'Usage: picket serve' },
    { line: 'migrate --dry-run', code: 2, problem: 'unknown option --dry-run', usage: 'Usage: picket migrate' },
    { line: 'agent --key x', code: 2, problem: 'unknown option --key', usage: 'Usage: picket agent' },
    { line: '--help', code: 0, problem: null, usage: HELP },
    { line: '-h', code: 0, problem: null, usage: HELP },
    { line: 'help', code: 0, problem: null, usage: HELP },
    { line: 'keys create --help', code: 0, problem: null, usage: HELP },
    { line: 'deploy --help', code: 0, problem: null, usage: HELP },
  ])('picket $line → exit $code', async ({ line, code, problem, usage }) => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-cli-'))
    dirs.push(cwd)
    const run = await runCli(line === '' ? [] : line.split(' '), {}, cwd)
    expect(run.code, run.stderr).toBe(code)
    const [usageStream, otherStream] = code === 0 ? [run.stdout, run.stderr] : [run.stderr, run.stdout]
    expect(usageStream).toContain(usage)
    // The whole help lists every command; a command's usage error shows that command's usage only.
    if (usage === HELP) expect(usageStream).toContain('keys revoke KEY_ID')
    else expect(usageStream).not.toContain(HELP)
    expect(otherStream).toBe('')
    if (problem) expect(run.stderr.split('\n')[0]).toBe(`picket: ${problem}`)
    expect(run.stdout + run.stderr).not.toMatch(STACK_LINE)
    expect(run.stdout + run.stderr).not.toContain('Error:')
    expect(fs.readdirSync(cwd)).toEqual([])
  })
})
