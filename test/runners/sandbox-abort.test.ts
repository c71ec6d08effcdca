/** A setup or teardown script dies with its run: the run's abort signal kills the child process at once. */
import { describe, expect, it } from 'vitest'
import { createChildProcessSandbox } from '../../src/runners/sandbox/index.js'
import type { ScriptRequest, ScriptResponse } from '../../src/runners/script-sandbox.js'

const request: ScriptRequest = { method: 'GET', url: 'https://api.example.com/', body: '', headers: {}, queryParameters: {} }
const response: ScriptResponse = { statusCode: 200, statusText: 'OK', body: '', headers: {}, timings: {}, timingPhases: {} }
// Far longer than the test may take: only the abort can end these scripts in time.
const slow = createChildProcessSandbox({ timeoutMs: 600_000 })

describe('aborting a sandboxed script', () => {
  it.each([
    ['setup', (signal: AbortSignal) => slow.runSetup("console.log('spinning'); while (true) {}", { request, env: {} }, signal)],
    ['teardown', (signal: AbortSignal) => slow.runTeardown('while (true) {}', { request, response, env: {} }, signal)],
  ] as const)('kills a %s script when its run is aborted', async (_phase, start) => {
    const abort = new AbortController()
    const outcome = start(abort.signal)
    setTimeout(() => abort.abort(), 500)
    expect(await outcome).toMatchObject({ ok: false, error: 'Script sandbox is closed' })
  })

  it('does not start a script for a run already aborted', async () => {
    expect(await slow.runSetup('1', { request, env: {} }, AbortSignal.abort())).toMatchObject({ ok: false, error: 'Script sandbox is closed' })
  })
})
