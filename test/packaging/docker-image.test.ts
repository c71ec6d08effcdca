/**
 * Issue 16, packaging: where a Docker engine runs, CI builds the image from the root Dockerfile and checks that
 * the agent in it prints its usage, and that the compose file is valid. Where none runs (`docker info` fails, as on
 * the development machine, which has only the client), the tests are skipped with a notice saying so.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const engine = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 20_000 })
const dockerRuns = engine.status === 0 && engine.stdout.trim() !== ''
if (!dockerRuns) process.stderr.write('Notice: no Docker engine is running here; the image build and compose checks are skipped.\n')

const docker = (args: string[], timeout: number) => spawnSync('docker', args, { cwd: ROOT, encoding: 'utf8', timeout, maxBuffer: 64 * 1024 * 1024 })

describe.skipIf(!dockerRuns)('the container image', () => {
  it('builds, and its agent answers --help', () => {
    const build = docker(['build', '-t', 'picket:ci', '.'], 1_500_000)
    expect(build.status, build.stderr.slice(-4000)).toBe(0)
    const help = docker(['run', '--rm', 'picket:ci', '--help'], 120_000)
    expect(help.status, help.stderr).toBe(0)
    expect(help.stdout + help.stderr).toMatch(/API_KEY/)
  }, 1_800_000)

  it.skipIf(!existsSync(path.join(ROOT, 'docker-compose.yml')))('has a valid compose file', () => {
    const config = docker(['compose', '-f', 'docker-compose.yml', 'config', '--quiet'], 120_000)
    expect(config.status, config.stderr).toBe(0)
  }, 180_000)
})
