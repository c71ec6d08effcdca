import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { parseCommand } from '../../src/cli/parse-command.js'

const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '../..')

async function exec(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

describe('picket agent on the command line', () => {
  it.each([
    [['agent'], { kind: 'command', command: { name: 'agent' } }],
    [['agent', '--help'], { kind: 'help', topic: 'agent' }],
    [['help', 'agent'], { kind: 'help', topic: 'agent' }],
    [['agent', 'now'], { kind: 'usage-error', problem: 'unexpected argument "now" after "agent"', usage: expect.stringMatching(/^Usage: picket agent /) }],
  ])('%j', (argv, parsed) => {
    expect(parseCommand(argv)).toEqual(parsed)
  })

  it('bin/picket-agent.js without settings lists what is missing, with no stack trace (exit 2)', async () => {
    const r = await exec(['bin/picket-agent.js'], {})
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('API_KEY is required')
    expect(r.stderr).toContain('PICKET_URL is required')
    expect(r.stderr).not.toMatch(/\bat .+:\d+:\d+/)
  })

  it('picket agent with a bad JOB_CONCURRENCY says so (exit 2); picket agent --help lists the settings', async () => {
    const bad = await exec(['bin/picket.js', 'agent'], { API_KEY: 'pl_abcdefabcdef', PICKET_URL: 'http://127.0.0.1:1', JOB_CONCURRENCY: '20' })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('JOB_CONCURRENCY must be an integer from 1 to 10 (got "20")')
    expect(bad.stderr).not.toMatch(/\bat .+:\d+:\d+/)
    const help = await exec(['bin/picket.js', 'agent', '--help'], {})
    expect(help.code).toBe(0)
    for (const name of ['API_KEY', 'PICKET_URL', 'JOB_CONCURRENCY', 'AGENT_HEALTH_PORT', 'EXTERNAL_OBSERVABILITY']) expect(help.stdout).toContain(name)
  })
})
