/**
 * The two commands of a Playwright check suite, read as a shell would split them (pure). A monitor runs no shell:
 * `testCommand` is `npx playwright test` with the options that make sense for a monitor, and `installCommand` is an
 * npm install of the suite's own package.json; anything else is refused when the check is saved, so that a
 * command is never stored and then silently not run.
 */

/** Options of `playwright test` that take a value, by every spelling Playwright accepts. */
const VALUE_OPTIONS: Record<string, string> = {
  '--grep': '--grep',
  '-g': '--grep',
  '--grep-invert': '--grep-invert',
  '--project': '--project',
  '--retries': '--retries',
  '--max-failures': '--max-failures',
  '--workers': '--workers',
  '-j': '--workers',
  '--config': '--config',
  '-c': '--config',
  '--timeout': '--timeout',
  '--repeat-each': '--repeat-each',
  '--reporter': '--reporter',
  '--trace': '--trace',
  '--output': '--output',
  '--global-timeout': '--global-timeout',
}
const FLAGS: Record<string, string> = {
  '-x': '-x',
  '--pass-with-no-tests': '--pass-with-no-tests',
  '--forbid-only': '--forbid-only',
  '--fully-parallel': '--fully-parallel',
  '--headed': '--headed',
  '--quiet': '--quiet',
}
/** Options the service decides itself: accepted, not applied, and said so in the result. */
const SERVICE_OWNED: Record<string, string> = {
  '--reporter': "the service reads Playwright's JSON report",
  '--trace': 'every test is traced',
  '--output': "the service keeps the run's files",
  '--global-timeout': "the check's own time limit applies",
  '--headed': 'Chromium runs headless on a monitor',
}
const NUMERIC = new Set(['--retries', '--max-failures', '--workers', '--timeout', '--repeat-each'])

export const ACCEPTED_TEST_COMMAND =
  '`npx playwright test` with --grep, --grep-invert, --project, --retries, --max-failures (-x), --workers, --config, --timeout, --repeat-each, --pass-with-no-tests, --forbid-only, --fully-parallel, --quiet, --reporter, --trace, --headed and test file filters, optionally after NAME=value settings'
export const ACCEPTED_INSTALL_COMMAND =
  '`npm ci` or `npm install` (also `npm i`) with --no-audit, --no-fund, --ignore-scripts, --legacy-peer-deps, --strict-peer-deps, --prefer-offline, --omit=<dev|optional|peer>, --include=<dev|optional|peer> or --loglevel=<level>, or empty for the default'

export interface TestCommand {
  /** NAME=value settings before the command: environment variables of the run. */
  env: Record<string, string>
  /** Options for `playwright test`, normalised to their long names, service-owned ones left out. */
  args: string[]
  /** --project values, in order. */
  projects: string[]
  /** --workers, when given (a number, or a percentage of the cores). */
  workers: string | null
  /** --config, when given. */
  config: string | null
  /** What was accepted but is not applied, and why. */
  notes: string[]
}

export interface InstallCommand {
  verb: 'ci' | 'install'
  flags: string[]
}

const SHELL_SYNTAX = /[;&|<>`$(){}*?!#~]/

/** `text` split into words as a POSIX shell splits a simple command, or why it is not a simple command. */
export function splitWords(text: string): string[] | { error: string } {
  const words: string[] = []
  let word: string | null = null
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string
    if (/\s/.test(c)) {
      if (word !== null) words.push(word)
      word = null
    } else if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1)
      if (end < 0) return { error: `has an unclosed ${c === "'" ? 'single' : 'double'} quote` }
      const inner = text.slice(i + 1, end)
      if (c === '"' && /[`$\\]/.test(inner)) return { error: 'must not use $, ` or \\ inside double quotes (no shell runs it)' }
      word = (word ?? '') + inner
      i = end
    } else if (c === '\\') {
      word = (word ?? '') + (text[i + 1] ?? '')
      i++
    } else if (SHELL_SYNTAX.test(c)) {
      return { error: `must be a single command without shell syntax ("${c}" found; no shell runs it)` }
    } else {
      word = (word ?? '') + c
    }
  }
  if (word !== null) words.push(word)
  return words
}

const ENV_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s

function optionValue(name: string, value: string | undefined): string | { error: string } {
  if (value === undefined || value === '') return { error: `${name} needs a value` }
  if (NUMERIC.has(name) && !(name === '--workers' ? /^\d+%?$/ : /^\d+$/).test(value))
    return { error: `${name} must be a whole number${name === '--workers' ? ' or a percentage' : ''} ("${value}" given)` }
  return value
}

/** `testCommand` read, or why it is not accepted (the message goes after the field's name). */
export function parseTestCommand(text: string): TestCommand | { error: string } {
  const words = splitWords(text)
  if ('error' in words) return words
  const env: Record<string, string> = {}
  while (words.length > 0 && ENV_ASSIGNMENT.test(words[0] as string)) {
    const [, name, value] = ENV_ASSIGNMENT.exec(words.shift() as string) as RegExpExecArray
    env[name as string] = value as string
  }
  const start = words[0] === 'npx' ? 1 : 0
  if (words[start] !== 'playwright' || words[start + 1] !== 'test') return { error: `must be ${ACCEPTED_TEST_COMMAND}` }
  const out: TestCommand = { env, args: [], projects: [], workers: null, config: null, notes: [] }
  const rest = words.slice(start + 2)
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] as string
    const eq = word.startsWith('--') ? word.indexOf('=') : -1
    const given = eq > 0 ? word.slice(0, eq) : word
    const long = VALUE_OPTIONS[given]
    if (long !== undefined) {
      const value = optionValue(long, eq > 0 ? word.slice(eq + 1) : rest[++i])
      if (typeof value !== 'string') return value
      if (SERVICE_OWNED[long]) out.notes.push(`${long} ${value} is not applied: ${SERVICE_OWNED[long]}`)
      else if (long === '--workers') out.workers = value
      else if (long === '--config') out.config = value
      else out.args.push(long, value)
      if (long === '--project') out.projects.push(value)
    } else if (FLAGS[word] !== undefined) {
      if (SERVICE_OWNED[word]) out.notes.push(`${word} is not applied: ${SERVICE_OWNED[word]}`)
      else out.args.push(word === '-x' ? '--max-failures=1' : word)
    } else if (word === '--') {
      continue
    } else if (word.startsWith('-')) {
      return { error: `does not accept the option ${given}: it must be ${ACCEPTED_TEST_COMMAND}` }
    } else {
      out.args.push(word)
    }
  }
  return out
}

const INSTALL_FLAGS =
  /^(--no-audit|--no-fund|--ignore-scripts|--legacy-peer-deps|--strict-peer-deps|--prefer-offline|--omit=(dev|optional|peer)|--include=(dev|optional|peer)|--loglevel=(silent|error|warn|notice|http|info|verbose|silly))$/

/** `installCommand` read (null: empty, the default applies), or why it is not accepted. */
export function parseInstallCommand(text: string): InstallCommand | null | { error: string } {
  const words = splitWords(text)
  if ('error' in words) return words
  if (words.length === 0) return null
  const [tool, verb, ...flags] = words
  if (tool !== 'npm' || (verb !== 'ci' && verb !== 'install' && verb !== 'i')) {
    return { error: `must be ${ACCEPTED_INSTALL_COMMAND}${tool && tool !== 'npm' ? ` (only npm is available on the runners, "${tool}" is not)` : ''}` }
  }
  const bad = flags.find((f) => !INSTALL_FLAGS.test(f))
  if (bad !== undefined)
    return { error: `does not accept ${bad.startsWith('-') ? `the option ${bad}` : `"${bad}" (packages come from package.json)`}: it must be ${ACCEPTED_INSTALL_COMMAND}` }
  return { verb: verb === 'ci' ? 'ci' : 'install', flags }
}
