/**
 * What a browser, multi-step or Playwright check run consists of (pure): the mode, the files to write, the entry
 * point, and whether the script is a Playwright Test script or a plain script that drives `playwright` itself.
 */
import type { CheckRunSpec } from '../contract.js'
import type { RunMode } from './playwright-config.js'
import { safeRelativePath, type RunFile } from './workspace.js'

export interface RunPlan {
  mode: RunMode
  /** A plain script: run with node, not with the Playwright Test runner. */
  plain: boolean
  files: RunFile[]
  /** The script's file (browser and multi-step), relative to the run folder. */
  entry: string
  testMatch: string[] | null
  userConfigFile: string | null
  playwrightConfig: Record<string, unknown> | null
}

const TEST_CALL = /\btest(\.(describe|step|only|skip|beforeEach|beforeAll|afterEach|afterAll|use|extend)\b[\w.]*)?\s*\(/
const ESM_SYNTAX = /^\s*(import\s[^(]|export\s)/m
const CONFIG_FILE = /^playwright\.config\.(ts|js|mjs|cjs|mts|cts)$/
const RESERVED = /^(picket[-.]|t\/|node_modules\/)/

/** A Playwright Test script: it takes `test` from @playwright/test and calls it. */
export function isTestScript(script: string): boolean {
  return /['"]@playwright\/test['"]/.test(script) && TEST_CALL.test(script)
}

function filesOf(value: unknown, what: string): RunFile[] | { error: string } {
  if (value === null || value === undefined) return []
  if (!Array.isArray(value)) return { error: `${what} must be a list of {path, content}` }
  const out: RunFile[] = []
  for (const f of value as Array<{ path?: unknown; content?: unknown }>) {
    const p = typeof f?.path === 'string' ? safeRelativePath(f.path) : null
    if (p === null || RESERVED.test(p)) return { error: `${what}: "${String(f?.path)}" is not a usable relative path` }
    out.push({ path: p, content: typeof f.content === 'string' ? f.content : '' })
  }
  return out
}

function scriptFileName(script: string, scriptPath: unknown, test: boolean): string {
  const given = typeof scriptPath === 'string' ? safeRelativePath(scriptPath) : null
  if (given && /\.(m|c)?[jt]s$/.test(given) && !RESERVED.test(given)) return given
  const ext = ESM_SYNTAX.test(script) ? '.mjs' : '.js'
  return test ? `check.spec${ext}` : `check${ext}`
}

export function planRun(spec: CheckRunSpec): RunPlan | { error: string } {
  const doc = spec.doc
  const playwrightConfig = doc.playwrightConfig && typeof doc.playwrightConfig === 'object' ? (doc.playwrightConfig as Record<string, unknown>) : null
  if (spec.checkType === 'PLAYWRIGHT') {
    const files = filesOf(doc.files, 'files')
    if ('error' in files) return files
    if (files.length === 0) return { error: 'The Playwright check has no files to run' }
    const config = files.find((f) => CONFIG_FILE.test(f.path))
    return { mode: 'suite', plain: false, files, entry: '', testMatch: null, userConfigFile: config?.path ?? null, playwrightConfig }
  }
  const script = typeof doc.script === 'string' ? doc.script : ''
  if (script.trim() === '') return { error: 'The check has no script' }
  const dependencies = filesOf(doc.dependencies, 'dependencies')
  if ('error' in dependencies) return dependencies
  const test = isTestScript(script)
  const entry = scriptFileName(script, doc.scriptPath, test)
  const files = [...dependencies.filter((f) => f.path !== entry), { path: entry, content: script }]
  return { mode: spec.checkType === 'MULTI_STEP' ? 'multistep' : 'browser', plain: !test, files, entry, testMatch: test ? [entry] : null, userConfigFile: null, playwrightConfig }
}
