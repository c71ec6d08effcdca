/**
 * refreshCache: a Playwright suite's dependencies (its package.json, installed with npm from a registry on
 * loopback) are taken from the install cache on the next run, installed anew by a run that asks for a refresh,
 * and the refreshed install is what later runs take from the cache.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckRunSpec, RunResult } from '../../src/runners/contract.js'
import { createBrowserRunner, type BrowserRunner } from '../../src/runners/browser/runner.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { lockfileFor, startNpmRegistry, type NpmRegistry } from '../helpers/npm-registry.js'
import { runDoc } from '../helpers/run-spec.js'

const MODULES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules')

describe.skipIf(!HAS_CHROMIUM)('refreshCache in Playwright suites', () => {
  let registry: NpmRegistry
  let runner: BrowserRunner
  let workDir: string
  let files: Array<{ path: string; content: string }>
  const results: RunResult[] = []

  beforeAll(async () => {
    registry = await startNpmRegistry([path.join(MODULES, 'dotenv')])
    const pkg = JSON.stringify({ name: 'suite', version: '1.0.0', private: true, dependencies: { dotenv: '*' } })
    files = [
      { path: 'package.json', content: pkg },
      { path: '.npmrc', content: registry.npmrc },
      { path: 'package-lock.json', content: await lockfileFor({ 'package.json': pkg, '.npmrc': registry.npmrc }) },
      { path: 'playwright.config.ts', content: "import { defineConfig } from '@playwright/test'\nexport default defineConfig({ testDir: 'tests' })\n" },
      {
        path: 'tests/env.spec.ts',
        content: "import { test, expect } from '@playwright/test'\nimport dotenv from 'dotenv'\ntest('loads dotenv', () => { expect(typeof dotenv.config).toBe('function') })\n",
      },
    ]
    workDir = await mkdtemp(path.join(os.tmpdir(), 'prc-'))
    await chmod(workDir, 0o755) // runs execute as nobody when the tests run as root
    runner = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, timeoutMs: 120_000, workDir })
  }, 120_000)
  afterAll(async () => {
    for (const r of results) await r.release?.()
    await runner?.close()
    await registry?.close()
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })

  const run = async (refreshCache: boolean): Promise<{ status: string; notes: string[] }> => {
    const spec: CheckRunSpec = {
      checkId: 'check-1',
      checkName: 'suite',
      checkType: 'PLAYWRIGHT',
      doc: runDoc('PLAYWRIGHT', { runtimeId: '2026.04', files, testCommand: 'npx playwright test' }),
      variables: {},
      scripts: { setup: [], teardown: [] },
      ...(refreshCache ? { refreshCache } : {}),
    }
    const result = await runner.run(spec, { location: 'eu-west-1', now: () => Date.now() })
    results.push(result)
    expect(result.errorMessage).toBeNull()
    return { status: result.status, notes: (result.details as { notes: string[] }).notes.filter((n) => n.startsWith('Dependencies:')) }
  }

  it('installs anew when asked, and keeps the fresh install for the runs after', async () => {
    const steps: Array<[boolean, string, number]> = [
      [false, 'Dependencies: installed with npm ci', 1],
      [false, 'Dependencies: npm ci (from the cache)', 1],
      [true, 'Dependencies: installed with npm ci', 2],
      [false, 'Dependencies: npm ci (from the cache)', 2],
    ]
    for (const [refresh, note, downloads] of steps) {
      expect(await run(refresh)).toEqual({ status: 'passing', notes: [note] })
      expect(registry.downloads.get('dotenv')).toBe(downloads)
    }
  }, 400_000)
})
