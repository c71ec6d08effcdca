/**
 * A project's dependencies under attack: npm runs a package's install scripts only where the installation allows
 * them, and even then inside the run's box; what an install leaves (links to host files, processes) cannot change
 * the host when the service takes the installed folder over; and a run cannot change the installed packages that
 * later runs share.
 */
import { execFileSync } from 'node:child_process'
import { chmod, chown, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckRunSpec, RunResult } from '../../src/runners/contract.js'
import { createBrowserRunner, type BrowserRunner } from '../../src/runners/browser/runner.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { runDoc } from '../helpers/run-spec.js'
import { makePackage, startNpmRegistry, type NpmRegistry } from '../helpers/npm-registry.js'

const IS_ROOT = process.getuid?.() === 0
const VICTIM_UID = 12345

describe.skipIf(!HAS_CHROMIUM || !IS_ROOT)("installing a project's dependencies under attack", () => {
  let registry: NpmRegistry
  let workDir: string
  let victim: string
  let marker: string
  let strict: BrowserRunner
  let scripted: BrowserRunner
  const results: RunResult[] = []

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'pia-'))
    await chmod(workDir, 0o755)
    victim = path.join(workDir, 'victim.txt')
    await writeFile(victim, "not the service's")
    await chown(victim, VICTIM_UID, VICTIM_UID)
    marker = `picket-install-linger-${process.pid}`
    const sources = path.join(workDir, 'sources')
    // Runs its install script: leaves a mark in its own folder, links a host file into node_modules, and
    // starts a process meant to outlive the install.
    const hostile = await makePackage(
      sources,
      'todo-hostile',
      '1.0.0',
      {
        'index.js': 'module.exports = "hostile"\n',
        'install.js': `const fs = require('fs'); const { spawn } = require('child_process')
fs.writeFileSync(__dirname + '/ran.txt', 'install script ran')
fs.symlinkSync(${JSON.stringify(victim)}, __dirname + '/../.victim-link')
spawn('/bin/sh', ['-c', 'exec -a ${marker} sleep 300'], { detached: true, stdio: 'ignore' }).unref()
`,
      },
      { scripts: { postinstall: 'node install.js' } },
    )
    registry = await startNpmRegistry([hostile])
    strict = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, timeoutMs: 60_000, workDir })
    scripted = createBrowserRunner({ chromiumPath: CHROMIUM_PATH, timeoutMs: 60_000, workDir, allowInstallScripts: true })
  }, 60_000)
  afterAll(async () => {
    for (const r of results) await r.release?.()
    await strict?.close()
    await scripted?.close()
    await registry?.close()
    await rm(workDir, { recursive: true, force: true })
  })

  const files = (spec: string) => [
    { path: 'package.json', content: JSON.stringify({ name: 'p', version: '1.0.0', dependencies: { 'todo-hostile': '1.0.0' } }) },
    { path: '.npmrc', content: registry.npmrc },
    { path: 'tests/a.spec.ts', content: `import { test, expect } from '@playwright/test';\nimport fs from 'node:fs';\nimport path from 'node:path';\n${spec}\n` },
  ]
  async function run(runner: BrowserRunner, spec: string): Promise<RunResult> {
    const check: CheckRunSpec = {
      checkId: 'c',
      checkName: 'n',
      checkType: 'PLAYWRIGHT',
      doc: runDoc('PLAYWRIGHT', { files: files(spec) }),
      variables: {},
      scripts: { setup: [], teardown: [] },
    }
    const result = await runner.run(check, { location: 'x', now: () => Date.now() })
    results.push(result)
    return result
  }
  const scriptRan = "test('script', () => { console.log('RAN ' + fs.existsSync(path.join(path.dirname(require.resolve('todo-hostile')), 'ran.txt'))) })"

  it('does not run install scripts unless the installation allows them', async () => {
    const result = await run(strict, scriptRan)
    expect(result.errorMessage).toBeNull()
    expect(result.jobLog).toContain('RAN false')
  }, 120_000)

  it('runs allowed install scripts in the box: a link they leave is not followed when the service takes the folder, and their processes die with the install', async () => {
    const result = await run(scripted, scriptRan)
    expect(result.errorMessage).toBeNull()
    expect(result.jobLog).toContain('RAN true')
    expect((await stat(victim)).uid).toBe(VICTIM_UID)
    expect(await readFile(victim, 'utf8')).toBe("not the service's")
    expect(() => execFileSync('pgrep', ['-f', marker])).toThrow() // pgrep exits 1: no such process
  }, 120_000)

  it("expands a registry token the project's .npmrc names from the check's variables, and fails with npm's own error without it", async () => {
    const privateRegistry = await startNpmRegistry(
      [await makePackage(path.join(workDir, 'private'), '@acme/todo-data', '2.0.0', { 'index.js': 'module.exports = ["from the private registry"]\n' })],
      { token: 's3cret-token' },
    )
    try {
      const host = new URL(privateRegistry.url).host
      const project = [
        { path: 'package.json', content: JSON.stringify({ name: 'p', version: '1.0.0', dependencies: { '@acme/todo-data': '^2.0.0' } }) },
        { path: '.npmrc', content: `@acme:registry=${privateRegistry.url}\n//${host}/:_authToken=\${NPM_TOKEN}\n` },
        {
          path: 'tests/a.spec.ts',
          content: "import { test, expect } from '@playwright/test';\ntest('data', () => { expect(require('@acme/todo-data')).toEqual(['from the private registry']) })\n",
        },
      ]
      const check = (variables: Record<string, string>): CheckRunSpec => ({
        checkId: 'c',
        checkName: 'n',
        checkType: 'PLAYWRIGHT',
        doc: runDoc('PLAYWRIGHT', { files: project }),
        variables,
        scripts: { setup: [], teardown: [] },
      })
      const denied = await strict.run(check({}), { location: 'x', now: () => Date.now() })
      results.push(denied)
      expect(denied.errorMessage).toMatch(/^Installing the dependencies \(npm install\) failed: npm error (code E401|401)/)
      const allowed = await strict.run(check({ NPM_TOKEN: 's3cret-token' }), { location: 'x', now: () => Date.now() })
      results.push(allowed)
      expect(allowed.errorMessage).toBeNull()
      expect(JSON.stringify(allowed)).not.toContain('s3cret-token')
    } finally {
      await privateRegistry.close()
    }
  }, 120_000)

  it('a run cannot change the installed packages the next runs share', async () => {
    const tamper =
      "test('tamper', () => { try { fs.writeFileSync(require.resolve('todo-hostile'), 'module.exports = \"tampered\"'); console.log('WROTE') } catch (e) { console.log('REFUSED ' + e.code) } })"
    const first = await run(strict, tamper)
    expect(first.jobLog.join('\n')).toMatch(/REFUSED (EROFS|EACCES)/)
    const second = await run(strict, "test('read', () => { expect(require('todo-hostile')).toBe('hostile') })")
    expect(second.errorMessage).toBeNull()
    expect(second.details.notes).toContain('Dependencies: npm install (from the cache)')
  }, 120_000)
})
