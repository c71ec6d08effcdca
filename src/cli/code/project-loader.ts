/**
 * Loads a project folder: its `picket.config.ts`, every check file its globs match (default `**\/*.check.ts`) and
 * every Playwright spec file (default `**\/*.spec.ts`, each a browser check without a wrapper). The files are
 * type-checked first (a type error stops here, with its file and line), then run with tsx; the constructs they
 * create are collected by the constructs' session and turned into the deploy request's resources. The environment
 * variables the files read and found unset are watched meanwhile, for what they left in the resources.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { glob } from 'tinyglobby'
import type { DeployResource } from '../../domain/projects/deploy-request.js'
import { CliError } from './api-client.js'
import { findEnvProblems, type EnvProblem } from './env-problems.js'
import { ALIAS_PATHS, registerChecklyRequire, registerConstructsAlias } from './module-alias.js'
import { CONFIG_NAMES, isChecklyConfig, readProjectConfig } from './project-config-file.js'
import { formatTypeProblem } from './type-problem.js'
import { checkProjectTypes } from './typecheck-cache.js'
import { recordUnsetEnvReads } from './unset-env-reads.js'
import { ensureTypeScriptLoader } from './typescript-loader.js'
import * as picketConstructs from '../../constructs/index.js'
import * as checklyRoot from '../../constructs/compat/index.js'
import * as checklyConstructs from '../../constructs/compat/constructs.js'
import { isTestOnly } from '../../constructs/compat/check-fields.js'

const { browserCheckFromSpec, closeSession, openSession } = picketConstructs
/** The constructs a project's imports get: these very modules, so that what the files create lands in this session. */
const CONSTRUCT_MODULES = { picket: { ...picketConstructs }, checkly: { ...checklyRoot }, checklyConstructs: { ...checklyConstructs } }

export interface LoadedProject {
  root: string
  configFile: string
  logicalId: string
  name: string
  resources: DeployResource[]
  /** Logical id → the file that declared it, relative to the root (for `picket test FILTER`). */
  fileOf: Map<string, string>
  /** Fields an unset environment variable left "undefined" or empty (deploy refuses them, preview and test warn). */
  envProblems: EnvProblem[]
  /** Where `picket test` runs every check, when the config says (checkly.config.ts `cli.runLocation`). */
  runLocation?: string | undefined
  /** Checks that `picket test` runs and `picket deploy` leaves out (the hosted service's `testOnly: true`). */
  testOnly?: string[]
}

const IGNORED = ['**/node_modules/**', '**/.git/**']

export function findConfig(cwd: string, given?: string): string {
  if (given !== undefined) {
    const file = path.resolve(cwd, given)
    if (!fs.existsSync(file)) throw new CliError(`--config ${given}: no such file`)
    return file
  }
  const found = CONFIG_NAMES.map((n) => path.join(cwd, n)).find((f) => fs.existsSync(f))
  if (!found) throw new CliError(`no picket.config.ts in ${cwd} (nor a checkly.config.ts): run picket init to start a project, or pass --config FILE`)
  return found
}

const asList = (v: string | string[] | undefined, fallback: string): string[] => (v === undefined ? [fallback] : Array.isArray(v) ? v : [v])

/** The first line of an error thrown while a file ran, with where in the project it was thrown when the stack says. */
function describeLoadError(err: unknown, file: string, root: string): string {
  const message = err instanceof Error ? err.message : String(err)
  const frame = err instanceof Error ? (err.stack ?? '').split('\n').find((l) => l.includes(root) && !l.includes('node_modules')) : undefined
  const where = /\(?((?:file:\/\/)?[^()\s]+):(\d+):(\d+)\)?$/.exec(frame?.trim() ?? '')
  const at = where ? `${path.relative(root, where[1]!.replace(/^file:\/\//, ''))}:${where[2]}` : path.relative(root, file)
  return `${at}: ${message.split('\n')[0]}`
}

async function importFile(file: string, root: string): Promise<unknown> {
  try {
    return await import(pathToFileURL(file).href)
  } catch (err) {
    throw new CliError(describeLoadError(err, file, root))
  }
}

export interface LoadOptions {
  cwd: string
  config?: string | undefined
  /** Where a passing type-check is remembered (src/cli/code/typecheck-cache.ts); none: always checked. */
  cacheDir?: string | undefined
}

/** The config file run on its own (with no session open: constructs it creates are collected through references). */
async function loadConfig(options: LoadOptions) {
  const configFile = findConfig(options.cwd, options.config)
  const root = path.dirname(configFile)
  await ensureTypeScriptLoader()
  registerConstructsAlias(CONSTRUCT_MODULES)
  if (isChecklyConfig(configFile)) registerChecklyRequire(CONSTRUCT_MODULES)
  const loaded = await recordUnsetEnvReads(root, () => importFile(configFile, root))
  return { configFile, root, unset: loaded.unset, ...readProjectConfig(configFile, loaded.result, options.cwd) }
}

/** The project's logical id, from its config alone (`picket destroy`: the check files are not needed). */
export const loadProjectId = async (options: LoadOptions): Promise<string> => (await loadConfig(options)).config.logicalId

export async function loadProject(options: LoadOptions): Promise<LoadedProject> {
  const { configFile, root, config, runLocation, unset: configUnset } = await loadConfig(options)
  const checkFiles = (await glob(asList(config.checks?.checkMatch, '**/*.check.ts'), { cwd: root, absolute: true, ignore: [...IGNORED, ...(config.checks?.ignore ?? [])] })).sort()
  // No pattern, no spec files (a glob of no patterns would match every file).
  const specMatch = asList(config.checks?.browserChecks?.testMatch, '**/*.spec.ts')
  const specFiles = specMatch.length === 0 ? [] : (await glob(specMatch, { cwd: root, absolute: true, ignore: IGNORED })).sort()
  const problems = await checkProjectTypes([configFile, ...checkFiles], ALIAS_PATHS, root, options.cacheDir)
  if (problems.length > 0) throw new CliError(`type errors, nothing was done:\n${problems.map((p) => `  ${formatTypeProblem(p, options.cwd)}`).join('\n')}`)

  const session = openSession({ config, baseDir: root })
  try {
    const { unset } = await recordUnsetEnvReads(root, async () => {
      for (const file of checkFiles) {
        session.loadingFile = file
        await importFile(file, root)
      }
    })
    session.loadingFile = undefined
    for (const file of specFiles) browserCheckFromSpec(session, file)
    const entries = session.entries()
    const fileOf = new Map(entries.map((e) => [e.resource.logicalId, session.describe(e.construct.declaredIn)]))
    const named = entries.map((e) => ({ label: String(e.construct), file: e.construct.declaredIn && session.describe(e.construct.declaredIn), resource: e.resource }))
    const reads = [...configUnset, ...unset].map((r) => ({ name: r.name, file: session.describe(r.file) }))
    return {
      root,
      configFile,
      logicalId: config.logicalId,
      name: config.name ?? config.logicalId,
      resources: entries.map((e) => e.resource),
      fileOf,
      envProblems: findEnvProblems(named, reads),
      runLocation,
      testOnly: entries.filter((e) => e.resource.kind === 'check' && isTestOnly(e.construct)).map((e) => e.resource.logicalId),
    }
  } catch (err) {
    throw err instanceof CliError ? err : new CliError(err instanceof Error ? err.message : String(err))
  } finally {
    closeSession(session)
  }
}
