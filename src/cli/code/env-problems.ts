/**
 * What a project's resources show of environment variables its files read and found unset (pure):
 * - a string field holding the word "undefined" once such a read happened: a template literal put the missing
 *   value there (`Bearer ${process.env.ORDERS_TOKEN}` is "Bearer undefined"), which would deploy without an error;
 * - an EnvironmentVariable without a value (`value: process.env.ORDERS_TOKEN!`), which the service refuses with
 *   only "value is required".
 * Code (scripts, their dependencies, a suite's files) is not looked at: there `undefined` is a word of JavaScript.
 */
import type { DeployResource } from '../../domain/projects/deploy-request.js'
import { resourceKey } from '../../domain/projects/refs.js'
import type { UnsetEnvRead } from './unset-env-reads.js'

/** A resource with what names it to people: its construct (`ApiCheck "orders-api"`) and its file. */
export interface LoadedEntry {
  label: string
  /** The declaring file, as the reads name theirs (relative to the project root). */
  file: string | undefined
  resource: DeployResource
}

export interface EnvProblem {
  kind: 'undefined-text' | 'missing-value'
  /** The resource's `<kind>:<logicalId>`. */
  resource: string
  label: string
  file: string | undefined
  /** The field's path in the resource's payload: `request.headers[0].value`. */
  field: string
  /** The unset variables that may be the cause (see suspects). */
  variables: string[]
}

const CODE_FIELDS = new Set(['script', 'localSetupScript', 'localTearDownScript', 'dependencies', 'files'])
const UNDEFINED_WORD = /\bundefined\b/

/** Paths of the strings under `value` that hold the word "undefined". */
function undefinedPaths(value: unknown, at: string): string[] {
  if (typeof value === 'string') return UNDEFINED_WORD.test(value) ? [at] : []
  if (Array.isArray(value)) return value.flatMap((v, i) => undefinedPaths(v, `${at}[${i}]`))
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, v]) => (at === '' && CODE_FIELDS.has(key) ? [] : undefinedPaths(v, at === '' ? key : `${at}.${key}`)))
}

const unique = (names: string[]): string[] => [...new Set(names)]

/**
 * The unset variables that can have reached a resource: those read by the file that declared it or by a file that
 * declares nothing (a helper it imports). A read in another check file is left out, so that a default elsewhere
 * (`process.env.SITE_URL ?? …`) does not make every "undefined" of the project suspect.
 */
function suspects(entry: LoadedEntry, unset: readonly UnsetEnvRead[], declaring: ReadonlySet<string | undefined>): string[] {
  const names = unique(unset.filter((r) => r.file === entry.file || !declaring.has(r.file)).map((r) => r.name))
  // A variable construct is most often named after the environment variable that gives its value.
  const key = entry.resource.kind === 'variable' ? entry.resource.logicalId : undefined
  return key !== undefined && names.includes(key) ? [key] : names
}

export function findEnvProblems(entries: readonly LoadedEntry[], unset: readonly UnsetEnvRead[]): EnvProblem[] {
  const declaring = new Set(entries.map((e) => e.file))
  const problems: EnvProblem[] = []
  for (const entry of entries) {
    const { resource } = entry
    const at = { resource: resourceKey(resource.kind, resource.logicalId), label: entry.label, file: entry.file }
    const variables = suspects(entry, unset, declaring)
    if (resource.kind === 'variable' && typeof resource.payload.value !== 'string') {
      // The value is missing whatever the cause: every unset read is a hint when none is near.
      problems.push({ kind: 'missing-value', ...at, field: 'value', variables: variables.length > 0 ? variables : unique(unset.map((r) => r.name)) })
    }
    if (variables.length === 0) continue
    for (const field of undefinedPaths(resource.payload, '')) problems.push({ kind: 'undefined-text', ...at, field, variables })
  }
  return problems
}

const listed = (names: string[]): string => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`)

function question(variables: string[]): string {
  if (variables.length === 0) return 'is an environment variable missing?'
  return variables.length === 1 ? `is the environment variable ${listed(variables)} set?` : `are the environment variables ${listed(variables)} set?`
}

/** One line: `ApiCheck "orders-api" (checks/api.check.ts): request.headers[0].value holds "undefined" (is … set?)`. */
export function describeEnvProblem(problem: EnvProblem): string {
  const who = `${problem.label}${problem.file === undefined ? '' : ` (${problem.file})`}`
  if (problem.kind === 'undefined-text') return `${who}: ${problem.field} holds "undefined" (${question(problem.variables)})`
  return `${who}: value is missing (${problem.variables.length === 0 ? 'give it a string' : question(problem.variables)})`
}
