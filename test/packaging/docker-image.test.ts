/**
 * Packaging: where a Docker engine runs, CI builds the image from the root Dockerfile and checks that the agent in
 * it prints its usage, and that the compose file is valid. Where none runs (`docker info` fails, as on the
 * development machine, which has only the client), those tests are skipped with a notice saying so. What can be
 * checked without an engine always is: the run-time stage copies what the `picket` command needs when it runs
 * there (a missing templates/ left `picket init` broken in the image), and the service's run lines turn off the
 * image's health check, which is the agent's and marks a service container unhealthy.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
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

  it.skipIf(!existsSync(path.join(ROOT, 'docker-compose.yml')))(
    'has a valid compose file',
    () => {
      const config = docker(['compose', '-f', 'docker-compose.yml', 'config', '--quiet'], 120_000)
      expect(config.status, config.stderr).toBe(0)
    },
    180_000,
  )
})

const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim().replace(/\/$/, ''))
  .filter((l) => l && !l.startsWith('#'))

/** What the last stage copies: each source (a path of the build context, or of the stage it names) and where from. */
function runTimeCopies(): Array<{ source: string; stage: string | null }> {
  const stage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
  return [...stage.matchAll(/^COPY\s+(?:--from=(\S+)\s+)?(.+)$/gm)].flatMap((m) => {
    const parts = (m[2] ?? '').trim().split(/\s+/)
    return parts.slice(0, -1).map((p) => ({
      source: p
        .replace(/^\/app\//, '')
        .replace(/^\.\//, '')
        .replace(/\/$/, ''),
      stage: m[1] ?? null,
    }))
  })
}

describe('the image, read without an engine', () => {
  it.each([
    { path: 'bin', why: 'the picket and picket-agent commands' },
    { path: 'src', why: 'the code, run through tsx' },
    { path: 'templates', why: 'picket init copies templates/init into a new project' },
    { path: 'console', why: 'the console built at image build time, and the sources the service compares it with' },
    { path: 'package.json', why: 'the agent reads its version there' },
    { path: 'package-lock.json', why: "part of the console build's source hash" },
    { path: 'node_modules', why: 'the production dependencies (tsx, typescript, Playwright, the drivers)' },
  ])('copies $path into the run-time stage: $why', ({ path: wanted }) => {
    const copy = runTimeCopies().find((c) => c.source === wanted)
    expect(copy, `the last stage of the Dockerfile copies no ${wanted}`).toBeDefined()
    if (copy?.stage === null) {
      expect(existsSync(path.join(ROOT, wanted))).toBe(true)
      expect(ignored).not.toContain(wanted)
    }
  })

  it.each([
    { file: 'Dockerfile', text: dockerfile.slice(0, dockerfile.indexOf('\nFROM ')) },
    { file: 'README.md', text: readFileSync(path.join(ROOT, 'README.md'), 'utf8') },
  ])("$file: every docker run of the service turns off the image's health check (the agent's)", ({ text }) => {
    // Lines joined (a command may wrap), each `docker run` up to the next one.
    const runs = text.replace(/\n#?\s*/g, ' ').match(/docker run(?:(?!docker run)[^`])*?bin\/picket\.js serve/g) ?? []
    expect(runs).not.toEqual([])
    for (const run of runs) expect(run).toMatch(/--no-healthcheck|--health-cmd/)
  })
})
