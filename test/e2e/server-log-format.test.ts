/**
 * The service's log as its reader gets it: JSON lines by default when standard output is not a terminal (as here,
 * and as under an orchestrator), readable lines with LOG_FORMAT=pretty. The terminal default itself is decided by
 * the configuration (test/unit/config-log-format.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PROCESS_TEST_TIMEOUT_MS, startServer, stopStrayProcesses } from '../helpers/process.js'

const dirs: string[] = []
afterAll(async () => {
  stopStrayProcesses()
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

/** The line that says the service started, once it is printed. */
async function runningLine(env: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'picket-log-'))
  dirs.push(dir)
  const server = await startServer({ DATA_DIR: dir, ...env })
  try {
    await expect.poll(() => server.stdout().includes('Picket is running'), { timeout: 60_000 }).toBe(true)
    return (
      server
        .stdout()
        .split('\n')
        .find((l) => l.includes('Picket is running')) ?? ''
    )
  } finally {
    expect(await server.stop()).toBe(0)
  }
}

describe('the service log format', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('is readable with LOG_FORMAT=pretty: time, level and message, not JSON', async () => {
    const line = await runningLine({ LOG_FORMAT: 'pretty' })
    expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: Picket is running$/)
    expect(() => JSON.parse(line) as unknown).toThrow()
  })

  it('is JSON lines when standard output is not a terminal and nothing is set', async () => {
    const line = await runningLine({})
    expect(JSON.parse(line)).toMatchObject({ level: 30, msg: 'Picket is running', store: 'sqlite' })
  })
})
