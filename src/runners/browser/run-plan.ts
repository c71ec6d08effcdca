/**
 * What a browser, multi-step or Playwright check run consists of (pure): the mode, the files to write, the entry
 * point, whether the script is a Playwright Test file or a plain script that drives `playwright` itself
 * (test-files.ts), the project's own config, the test command's options and the dependencies to install.
 */
import path from 'node:path'
import { parseTestCommand, type TestCommand } from '../../domain/checks/suite-commands.js'
import { suiteFileOf } from '../../domain/checks/suite-file.js'
import type { CheckRunSpec } from '../contract.js'
import { planInstall, type InstallPlan } from './install-plan.js'
import type { RunMode } from './playwright-config.js'
import { isTestFile } from './test-files.js'
import { safeRelativePath, type RunFile } from './workspace.js'

export interface RunPlan {
  mode: RunMode
  /** A plain script: run with node, not with the Playwright Test runner. */
  plain: boolean
  files: RunFile[]
  /** The script's file (browser and multi-step), relative to the run folder. */
  entry: string
  /** The folder commands run in and the project's config is looked for (workingDir), relative; '' is the root. */
  workDir: string
  testMatch: string[] | null
  userConfigFile: string | null
  userConfigIsModule: boolean
  playwrightConfig: Record<string, unknown> | null
  command: TestCommand
  install: InstallPlan
}

export interface PlanOptions {
  runtime: { node: string; playwright: string }
  /** Whether npm may run the dependencies' install scripts. */
  allowInstallScripts: boolean
}

const ESM_SYNTAX = /^\s*(import\s[^(]|export\s)/m
/** Playwright's own order when it looks for a config file. */
const CONFIG_NAMES = ['playwright.config.ts', 'playwright.config.js', 'playwright.config.mts', 'playwright.config.mjs', 'playwright.config.cts', 'playwright.config.cjs']
const RESERVED = /^(picket[-.]|t\/|node_modules\/)|(^|\/)picket\.config\.(c|m)js$/
const NO_COMMAND: TestCommand = { env: {}, args: [], projects: [], workers: null, config: null, notes: [] }

/**
 * A stored file as the run writes it. Base64 whose bytes are text becomes that text, so what reads files as text
 * (package.json, the config's module type, test detection) sees them whichever way they came; binary stays base64.
 */
function runFileOf(p: string, content: unknown, encoding: unknown): RunFile {
  const text = typeof content === 'string' ? content : ''
  return encoding === 'base64' ? suiteFileOf(p, Buffer.from(text, 'base64')) : { path: p, content: text }
}

function filesOf(value: unknown, what: string): RunFile[] | { error: string } {
  if (value === null || value === undefined) return []
  if (!Array.isArray(value)) return { error: `${what} must be a list of {path, content}` }
  const out: RunFile[] = []
  for (const f of value as Array<{ path?: unknown; content?: unknown; encoding?: unknown }>) {
    const p = typeof f?.path === 'string' ? safeRelativePath(f.path) : null
    if (p === null || RESERVED.test(p)) return { error: `${what}: "${String(f?.path)}" is not a usable relative path` }
    out.push(runFileOf(p, f.content, f.encoding))
  }
  return out
}

/** Whether a config file is an ES module: by its extension, else by the nearest package.json's "type". */
export function isModuleFile(file: string, files: readonly RunFile[]): boolean {
  if (/\.m[jt]s$/.test(file)) return true
  if (/\.c[jt]s$/.test(file)) return false
  for (let dir = path.posix.dirname(file); ; dir = path.posix.dirname(dir)) {
    const pkg = files.find((f) => f.path === path.posix.join(dir, 'package.json'))
    if (pkg) {
      try {
        return (JSON.parse(pkg.content) as { type?: unknown }).type === 'module'
      } catch {
        return false
      }
    }
    if (dir === '.' || dir === '') return false
  }
}

/** The name a script without a scriptPath gets: a test file is TypeScript (a superset of what tests are written in). */
function scriptFileName(script: string, scriptPath: unknown): { name: string; given: boolean } {
  const given = typeof scriptPath === 'string' ? safeRelativePath(scriptPath) : null
  if (given && /\.(m|c)?[jt]sx?$/.test(given) && !RESERVED.test(given)) return { name: given, given: true }
  return { name: ESM_SYNTAX.test(script) ? 'check.mjs' : 'check.js', given: false }
}

function suitePlan(spec: CheckRunSpec, options: PlanOptions, playwrightConfig: Record<string, unknown> | null): RunPlan | { error: string } {
  const doc = spec.doc
  const files = filesOf(doc.files, 'files')
  if ('error' in files) return files
  if (files.length === 0) return { error: 'The Playwright check has no files to run' }
  const workDir = typeof doc.workingDir === 'string' && doc.workingDir !== '' ? (safeRelativePath(doc.workingDir) ?? '') : ''
  const command = parseTestCommand(typeof doc.testCommand === 'string' ? doc.testCommand : 'npx playwright test')
  if ('error' in command) return { error: `testCommand ${command.error}` }
  const asked = command.config === null ? null : safeRelativePath(path.posix.join(workDir, command.config))
  if (command.config !== null && (asked === null || !files.some((f) => f.path === asked))) return { error: `testCommand: --config ${command.config}: the suite has no such file` }
  const config = asked ?? CONFIG_NAMES.map((n) => path.posix.join(workDir, n)).find((p) => files.some((f) => f.path === p)) ?? null
  const install = planInstall({
    files,
    at: workDir,
    installCommand: typeof doc.installCommand === 'string' ? doc.installCommand : '',
    runtime: options.runtime,
    allowScripts: options.allowInstallScripts,
  })
  if ('error' in install) return install
  return {
    mode: 'suite',
    plain: false,
    files,
    entry: '',
    workDir,
    testMatch: null,
    userConfigFile: config,
    userConfigIsModule: config !== null && isModuleFile(config, files),
    playwrightConfig,
    command,
    install,
  }
}

export function planRun(spec: CheckRunSpec, options: PlanOptions): RunPlan | { error: string } {
  const doc = spec.doc
  const playwrightConfig = doc.playwrightConfig && typeof doc.playwrightConfig === 'object' ? (doc.playwrightConfig as Record<string, unknown>) : null
  if (spec.checkType === 'PLAYWRIGHT') return suitePlan(spec, options, playwrightConfig)
  const script = typeof doc.script === 'string' ? doc.script : ''
  if (script.trim() === '') return { error: 'The check has no script' }
  const dependencies = filesOf(doc.dependencies, 'dependencies')
  if ('error' in dependencies) return dependencies
  const named = scriptFileName(script, doc.scriptPath)
  let entry = named.name
  const files = [...dependencies.filter((f) => f.path !== entry), { path: entry, content: script }]
  const test = isTestFile(entry, new Map(files.map((f) => [f.path, f.content])))
  if (test && !named.given) {
    // Without a path of its own, a test script is named as Playwright would pick it up, as TypeScript: that takes
    // `import` and `require` alike, and extensionless imports of the check's own files, as test projects write them.
    entry = 'check.spec.ts'
    files[files.length - 1] = { path: entry, content: script }
  }
  const install = planInstall({ files, at: '', installCommand: '', runtime: options.runtime, allowScripts: options.allowInstallScripts })
  if ('error' in install) return install
  return {
    mode: spec.checkType === 'MULTI_STEP' ? 'multistep' : 'browser',
    plain: !test,
    files,
    entry,
    workDir: '',
    testMatch: test ? [entry] : null,
    userConfigFile: null,
    userConfigIsModule: false,
    playwrightConfig,
    command: NO_COMMAND,
    install,
  }
}
