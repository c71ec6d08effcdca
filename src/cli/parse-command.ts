/**
 * The `picket` command line, parsed without side effects: the commands that exist, their options and arguments,
 * and the usage text built from them. Anything else is a usage problem the caller prints (exit 2) with the usage of
 * the command it names, or the whole usage when it names none.
 */
import { parseArgs } from 'node:util'
import { AGENT_USAGE } from './agent-usage.js'
import { ALL_COMMANDS_HINT, commandUsage, type CommandHelp } from './command-usage.js'
import { CODE_USAGE_LINES } from './code/parse-code-command.js'

export type CliCommand =
  | { name: 'serve' }
  | { name: 'agent' }
  | { name: 'migrate' }
  | { name: 'accounts create'; accountName: string }
  | { name: 'accounts list' }
  | { name: 'keys create'; accountId: string; keyName: string }
  | { name: 'keys list'; accountId: string }
  | { name: 'keys revoke'; keyId: string }
  | { name: 'users list' }
  | { name: 'users reset-password'; email: string }

/**
 * `topic: 'agent'`: `picket agent --help`, answered with the agent's settings (src/cli/agent-usage.ts). A usage
 * error's `usage` is that of the command (or group) it names; without one the caller prints the whole USAGE.
 */
export type ParsedCli = { kind: 'help'; topic?: 'agent' } | { kind: 'command'; command: CliCommand } | { kind: 'usage-error'; problem: string; usage?: string }

type OptionName = 'name' | 'account'

interface CommandSpec {
  name: CliCommand['name']
  /** Options it accepts; `true` when required. */
  options: Partial<Record<OptionName, boolean>>
  args: string[]
  usage: string
  summary: string
  /** Its options and arguments as its usage explains them. */
  help?: CommandHelp['options']
  build: (options: Partial<Record<OptionName, string>>, args: string[]) => CliCommand
}

const COMMANDS: CommandSpec[] = [
  { name: 'serve', options: {}, args: [], usage: 'serve', summary: 'Start the service (the same as npm start)', build: () => ({ name: 'serve' }) },
  {
    name: 'agent',
    options: {},
    args: [],
    usage: 'agent',
    summary: "Run a private location's agent (API_KEY, PICKET_URL; see picket agent --help)",
    build: () => ({ name: 'agent' }),
  },
  {
    name: 'migrate',
    options: {},
    args: [],
    usage: 'migrate',
    summary: 'Apply pending database migrations, print them, and exit',
    build: () => ({ name: 'migrate' }),
  },
  {
    name: 'accounts create',
    options: { name: false },
    args: [],
    usage: 'accounts create [--name NAME]',
    summary: 'Create an account and its first API key (printed once)',
    help: [['--name NAME', "the account's name (default: Account)"]],
    build: (o) => ({ name: 'accounts create', accountName: o.name ?? 'Account' }),
  },
  { name: 'accounts list', options: {}, args: [], usage: 'accounts list', summary: 'List accounts', build: () => ({ name: 'accounts list' }) },
  {
    name: 'keys create',
    options: { account: true, name: false },
    args: [],
    usage: 'keys create --account ID [--name NAME]',
    summary: 'Create another API key for an account (printed once)',
    help: [
      ['--account ID', 'the account (picket accounts list)'],
      ['--name NAME', "the key's name (default: api key)"],
    ],
    build: (o) => ({ name: 'keys create', accountId: o.account ?? '', keyName: o.name ?? 'api key' }),
  },
  {
    name: 'keys list',
    options: { account: true },
    args: [],
    usage: 'keys list --account ID',
    summary: "List an account's keys (hashes are never shown)",
    help: [['--account ID', 'the account (picket accounts list)']],
    build: (o) => ({ name: 'keys list', accountId: o.account ?? '' }),
  },
  {
    name: 'keys revoke',
    options: {},
    args: ['KEY_ID'],
    usage: 'keys revoke KEY_ID',
    summary: 'Revoke a key; it stops working at once',
    help: [['KEY_ID', "the key's id (picket keys list --account ID)"]],
    build: (_o, args) => ({ name: 'keys revoke', keyId: args[0] ?? '' }),
  },
  { name: 'users list', options: {}, args: [], usage: 'users list', summary: 'List console users and their accounts and roles', build: () => ({ name: 'users list' }) },
  {
    name: 'users reset-password',
    options: {},
    args: ['EMAIL'],
    usage: 'users reset-password EMAIL',
    summary: "Give a user a new random password (printed once); ends the user's sessions",
    help: [['EMAIL', "the user's e-mail address (picket users list)"]],
    build: (_o, args) => ({ name: 'users reset-password', email: args[0] ?? '' }),
  },
]

const OPTION_META: Record<OptionName, string> = { name: 'NAME', account: 'ID' }

export const USAGE = [
  'Usage: picket <command> [options]   (or: npm run cli -- <command> [options])',
  '',
  'Commands:',
  ...COMMANDS.map((c) => `  ${c.usage.padEnd(41)}${c.summary}`),
  `  ${'help, --help, -h'.padEnd(41)}Show this help`,
  '',
  'Every command above but serve and agent works on the store the service uses: DATABASE_URL, or SQLite under',
  'DATA_DIR (default ./data).',
  '',
  "Monitoring as code (a project folder with picket.config.ts; through the service's API):",
  ...CODE_USAGE_LINES,
  '',
  'They use the saved login, or PICKET_API_URL, PICKET_ACCOUNT_ID and PICKET_API_KEY (in CI).',
].join('\n')

/** Node's parseArgs error, said in a line: "unknown option --preview". */
function describeParseError(err: unknown): string {
  const code = (err as { code?: string }).code
  const message = err instanceof Error ? err.message : String(err)
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? ''
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${quoted.split(' ')[0] ?? quoted}`
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `option ${quoted.split(' ')[0] ?? quoted} needs a value`
  return message.split('\n')[0] ?? message
}

const OPTIONS = { name: { type: 'string' }, account: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const

/** Options and positionals, or what is wrong with them. */
function tokenize(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS })
  } catch (err) {
    return describeParseError(err)
  }
}

/** The command the positionals name, or why there is none. */
function findCommand(positionals: string[]): CommandSpec | string {
  const [first, second] = positionals
  if (first === undefined) return 'no command given'
  const spec = COMMANDS.find((c) => c.name === first) ?? COMMANDS.find((c) => c.name === `${first} ${second ?? ''}`)
  if (spec) return spec
  const group = COMMANDS.filter((c) => c.name.startsWith(`${first} `)).map((c) => c.name.split(' ')[1])
  if (group.length === 0) return `unknown command "${first}"`
  if (second === undefined) return `"${first}" needs one of: ${group.join(', ')}`
  return `unknown command "${first} ${second}"`
}

function helpFor(positionals: string[]): ParsedCli {
  return positionals[0] === 'agent' || (positionals[0] === 'help' && positionals[1] === 'agent') ? { kind: 'help', topic: 'agent' } : { kind: 'help' }
}

const helpOf = (spec: CommandSpec): CommandHelp => ({ usage: spec.usage, summary: spec.summary, options: spec.help ?? [] })

/** The usage of the command the positionals name (or of every command of the group they name), if they name one. */
function usageFor(positionals: string[]): string | undefined {
  const found = findCommand(positionals)
  if (typeof found !== 'string') return found.name === 'agent' ? `${AGENT_USAGE}\n\n${ALL_COMMANDS_HINT}` : commandUsage([helpOf(found)])
  const group = COMMANDS.filter((c) => positionals[0] !== undefined && c.name.startsWith(`${positionals[0]} `))
  return group.length > 0 ? commandUsage(group.map(helpOf)) : undefined
}

export function parseCommand(argv: string[]): ParsedCli {
  const parsed = parseLine(argv)
  if (parsed.kind !== 'usage-error') return parsed
  const usage = usageFor(parseArgs({ args: argv, allowPositionals: true, strict: false, options: OPTIONS }).positionals)
  return usage === undefined ? parsed : { ...parsed, usage }
}

function parseLine(argv: string[]): ParsedCli {
  const parsed = tokenize(argv)
  if (typeof parsed === 'string') {
    // An unknown command is the first thing to say, before the options it was given.
    const loose = parseArgs({ args: argv, allowPositionals: true, strict: false, options: OPTIONS })
    if (loose.values.help === true || loose.positionals[0] === 'help') return helpFor(loose.positionals)
    const found = findCommand(loose.positionals)
    return { kind: 'usage-error', problem: typeof found === 'string' && loose.positionals.length > 0 ? found : parsed }
  }
  const { positionals, values } = parsed
  if (values.help || positionals[0] === 'help') return helpFor(positionals)
  const spec = findCommand(positionals)
  if (typeof spec === 'string') return { kind: 'usage-error', problem: spec }
  const args = positionals.slice(spec.name.split(' ').length)
  const given: Partial<Record<OptionName, string>> = {}
  for (const option of ['name', 'account'] as const) {
    const value = values[option]
    if (value === undefined) continue
    if (!(option in spec.options)) return { kind: 'usage-error', problem: `"${spec.name}" takes no --${option}` }
    if (value.trim() === '') return { kind: 'usage-error', problem: `option --${option} needs a value` }
    given[option] = value
  }
  for (const [option, required] of Object.entries(spec.options) as Array<[OptionName, boolean]>) {
    if (required && given[option] === undefined) return { kind: 'usage-error', problem: `"${spec.name}" needs --${option} ${OPTION_META[option]}` }
  }
  if (args.length < spec.args.length) return { kind: 'usage-error', problem: `"${spec.name}" needs ${spec.args.slice(args.length).join(' ')}` }
  if (args.length > spec.args.length) return { kind: 'usage-error', problem: `unexpected argument "${args[spec.args.length] ?? ''}" after "${spec.name}"` }
  return { kind: 'command', command: spec.build(given, args) }
}
