/**
 * The monitoring-as-code commands of `picket` (login, whoami, init, deploy, test, destroy, trigger), parsed without
 * side effects. A bad option, a missing value or an unknown reporter is a usage problem (exit 2), said in one line
 * and followed by that command's usage.
 */
import { parseArgs } from 'node:util'
import { commandUsage } from '../command-usage.js'

export type Reporter = 'list' | 'json'

export type CodeCommand =
  | { name: 'login'; url?: string; account?: string; key?: string }
  | { name: 'logout' }
  | { name: 'whoami' }
  | { name: 'init'; dir: string }
  | { name: 'deploy'; config?: string; preview: boolean }
  | { name: 'test'; config?: string; reporter: Reporter; timeoutSeconds: number; filters: string[]; record: boolean }
  | { name: 'destroy'; config?: string; project?: string; force: boolean }
  | { name: 'trigger'; tags: string[][]; reporter: Reporter; timeoutSeconds: number }

type CodeOption = 'url' | 'account' | 'key' | 'config' | 'preview' | 'reporter' | 'timeout' | 'project' | 'force' | 'tags' | 'record'

interface CodeSpec {
  name: CodeCommand['name']
  options: CodeOption[]
  usage: string
  summary: string
  /** Positionals it takes at most (init: the folder; test: filters). */
  maxArgs: number
  /** Its positionals as its usage explains them. */
  args?: Array<[string, string]>
}

/** Each option with its value's name, as a command's usage explains it. */
const OPTION_HELP: Record<CodeOption, [string, string]> = {
  url: ['--url URL', "the service's base URL (or PICKET_API_URL)"],
  account: ['--account ID', 'the account id (or PICKET_ACCOUNT_ID)'],
  key: ['--key KEY', 'an API key of that account (or PICKET_API_KEY)'],
  config: ['--config FILE', "the project's config file (default: picket.config.ts in this folder)"],
  preview: ['--preview', 'show what a deploy would create, update and delete; change nothing'],
  reporter: ['--reporter list|json', 'a line per check (default), or the whole report as JSON'],
  timeout: ['--timeout S', 'seconds to wait for the runs, 10 to 3600 (default 300)'],
  project: ['--project ID', "the project's logical id (default: the one picket.config.ts names)"],
  force: ['--force', 'delete them; without it, only list them (exit 1)'],
  tags: ['--tags A,B', 'run the checks that have every tag listed; repeat --tags for either list'],
  record: ['--record', 'keep the runs as a test session (results and assets stay after the test; prints its link)'],
}

export const CODE_COMMANDS: CodeSpec[] = [
  {
    name: 'login',
    options: ['url', 'account', 'key'],
    maxArgs: 0,
    usage: 'login --url URL --account ID --key KEY',
    summary: 'Check and save where and as whom the commands below work',
  },
  { name: 'logout', options: [], maxArgs: 0, usage: 'logout', summary: 'Forget the saved login' },
  { name: 'whoami', options: [], maxArgs: 0, usage: 'whoami', summary: 'Show the service, account and key the commands use' },
  {
    name: 'init',
    options: [],
    maxArgs: 1,
    usage: 'init [DIR]',
    summary: 'Write a template project (one check of each main type)',
    args: [['DIR', 'the folder to write it into (default: this one)']],
  },
  {
    name: 'deploy',
    options: ['preview', 'config'],
    maxArgs: 0,
    usage: 'deploy [--preview] [--config FILE]',
    summary: 'Make the service match the project files (--preview: show the diff only)',
  },
  {
    name: 'test',
    options: ['reporter', 'timeout', 'config', 'record'],
    maxArgs: 20,
    usage: 'test [FILTER…] [--reporter list|json] [--record]',
    summary: "Run the project's checks once now (--timeout S); exit 1 if one fails",
    args: [['FILTER…', 'run only the checks whose logical id or file contains one of them']],
  },
  {
    name: 'destroy',
    options: ['project', 'force', 'config'],
    maxArgs: 0,
    usage: 'destroy [--project ID] --force',
    summary: 'Delete every resource the project deployed (without --force: show them)',
  },
  {
    name: 'trigger',
    options: ['tags', 'reporter', 'timeout'],
    maxArgs: 0,
    usage: 'trigger --tags A,B [--tags C] [--reporter R]',
    summary: 'Run deployed checks with these tags now (CI)',
  },
]

const OPTIONS = {
  url: { type: 'string' },
  account: { type: 'string' },
  key: { type: 'string' },
  config: { type: 'string' },
  preview: { type: 'boolean' },
  reporter: { type: 'string' },
  timeout: { type: 'string' },
  project: { type: 'string' },
  force: { type: 'boolean' },
  tags: { type: 'string', multiple: true },
  record: { type: 'boolean' },
} as const

export const isCodeCommand = (word: string | undefined): boolean => CODE_COMMANDS.some((c) => c.name === word)

/** A usage error carries the usage of its command, to print with the problem. */
export type ParsedCode = { kind: 'command'; command: CodeCommand } | { kind: 'usage-error'; problem: string; usage?: string }

function reporterOf(raw: string | undefined): Reporter | string {
  if (raw === undefined || raw === 'list') return 'list'
  if (raw === 'json') return 'json'
  return `--reporter must be list or json (got "${raw}")`
}

function timeoutOf(raw: string | undefined): number | string {
  if (raw === undefined) return 300
  const n = Number(raw)
  return Number.isInteger(n) && n >= 10 && n <= 3600 ? n : `--timeout must be a whole number of seconds from 10 to 3600 (got "${raw}")`
}

const usageOf = (spec: CodeSpec): string =>
  commandUsage([{ usage: spec.usage, summary: spec.summary, options: [...(spec.args ?? []), ...spec.options.map((o) => OPTION_HELP[o])] }])

/** `argv` starts with the command word. */
export function parseCodeCommand(argv: string[]): ParsedCode {
  const spec = CODE_COMMANDS.find((c) => c.name === argv[0])
  if (!spec) return { kind: 'usage-error', problem: `unknown command "${argv[0] ?? ''}"` }
  const parsed = parseSpec(spec, argv.slice(1))
  return parsed.kind === 'usage-error' ? { ...parsed, usage: usageOf(spec) } : parsed
}

function parseSpec(spec: CodeSpec, args: string[]): ParsedCode {
  let parsed
  try {
    parsed = parseArgs({ args, allowPositionals: true, strict: true, options: OPTIONS })
  } catch (err) {
    const quoted = /'([^']+)'/.exec(err instanceof Error ? err.message : '')?.[1]?.split(' ')[0]
    const code = (err as { code?: string }).code
    // The same code says a switch was given a value (--preview=yes): that is not a missing value.
    const noValue = err instanceof Error && err.message.includes('does not take an argument')
    const problem =
      code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' ? `unknown option ${quoted ?? ''}` : noValue ? `option ${quoted ?? ''} takes no value` : `option ${quoted ?? ''} needs a value`
    return { kind: 'usage-error', problem }
  }
  const { values, positionals } = parsed
  for (const [option, value] of Object.entries(values)) {
    if (value === undefined) continue
    if (!spec.options.includes(option as CodeOption)) return { kind: 'usage-error', problem: `"${spec.name}" takes no --${option}` }
    if (typeof value === 'string' && value.trim() === '') return { kind: 'usage-error', problem: `option --${option} needs a value` }
  }
  if (positionals.length > spec.maxArgs) return { kind: 'usage-error', problem: `unexpected argument "${positionals[spec.maxArgs] ?? ''}" after "${spec.name}"` }
  const config = values.config
  const reporter = reporterOf(values.reporter)
  const timeoutSeconds = timeoutOf(values.timeout)
  if (reporter !== 'list' && reporter !== 'json') return { kind: 'usage-error', problem: reporter }
  if (typeof timeoutSeconds === 'string') return { kind: 'usage-error', problem: timeoutSeconds }
  const withConfig = config === undefined ? {} : { config }
  switch (spec.name) {
    case 'login':
      return {
        kind: 'command',
        command: { name: 'login', ...(values.url ? { url: values.url } : {}), ...(values.account ? { account: values.account } : {}), ...(values.key ? { key: values.key } : {}) },
      }
    case 'logout':
    case 'whoami':
      return { kind: 'command', command: { name: spec.name } }
    case 'init':
      return { kind: 'command', command: { name: 'init', dir: positionals[0] ?? '.' } }
    case 'deploy':
      return { kind: 'command', command: { name: 'deploy', ...withConfig, preview: values.preview === true } }
    case 'test':
      return { kind: 'command', command: { name: 'test', ...withConfig, reporter, timeoutSeconds, filters: positionals, record: values.record === true } }
    case 'destroy':
      return { kind: 'command', command: { name: 'destroy', ...withConfig, ...(values.project ? { project: values.project } : {}), force: values.force === true } }
    case 'trigger': {
      const tags = (values.tags ?? []).map((t) =>
        t
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      )
      if (tags.length === 0 || tags.some((t) => t.length === 0))
        return { kind: 'usage-error', problem: '"trigger" needs --tags with at least one tag (--tags a,b matches checks with both)' }
      return { kind: 'command', command: { name: 'trigger', tags, reporter, timeoutSeconds } }
    }
  }
}

export const CODE_USAGE_LINES = CODE_COMMANDS.map((c) => `  ${c.usage.padEnd(49)}${c.summary}`)
