/**
 * Composition root of the `picket` command (bin/picket.js, or `npm run cli -- <command>`). The command line is
 * parsed first, with no side effects: help goes to stdout (exit 0); a bad command, option or argument prints the
 * problem and the usage of the command it names (the whole usage when it names none) to stderr (exit 2). Only the
 * commands that need the store load the configuration and open it, so a mistyped command creates nothing. Failures
 * print a message, never a stack trace (exit 1).
 */
import path from 'node:path'
import { AGENT_USAGE } from '../cli/agent-usage.js'
import { parseCommand, USAGE } from '../cli/parse-command.js'
import { isCodeCommand, parseCodeCommand } from '../cli/code/parse-code-command.js'
import { runCodeCommand } from '../cli/code/run-code-command.js'
import { readCliEnvironment } from '../config/cli.js'

export interface CliOutput {
  out(text: string): void
  err(text: string): void
}

/**
 * Whether the command line reaches a module this file imports dynamically: the service, the store or the operator
 * commands. Help, usage errors and the code commands do not; bin/picket.js runs those from a bundle of this file
 * and the CLI's project tools, without loading Picket's TypeScript sources.
 */
export function needsSourceLoader(argv: string[]): boolean {
  if (isCodeCommand(argv[0])) return false
  return parseCommand(argv).kind === 'command'
}

/** The exit code, or 'serving' once `serve` (or `agent`) has started (it then runs until signalled). */
export async function runCli(argv: string[], io: CliOutput, cwd: string = process.cwd()): Promise<number | 'serving'> {
  if (isCodeCommand(argv[0])) return runCode(argv, io, cwd)
  const parsed = parseCommand(argv)
  if (parsed.kind === 'help') {
    io.out(parsed.topic === 'agent' ? AGENT_USAGE : USAGE)
    return 0
  }
  if (parsed.kind === 'usage-error') {
    io.err(`picket: ${parsed.problem}\n\n${parsed.usage ?? USAGE}`)
    return 2
  }
  const command = parsed.command
  if (command.name === 'serve') {
    await import('./server.js')
    return 'serving'
  }
  if (command.name === 'agent') {
    const { runAgent } = await import('./agent.js')
    const code = await runAgent()
    return code === 'running' ? 'serving' : code
  }
  if (command.name === 'migrate') return messageOnFailure(io, () => migrate(io))
  return messageOnFailure(io, async () => {
    // Loaded only now, so that help and usage errors answer at once without loading the store and services.
    const [{ loadConfig }, { openServices }, { runOperatorCommand }] = await Promise.all([import('../config/load.js'), import('./open.js'), import('../cli/operator-commands.js')])
    const { store, services } = await openServices(loadConfig())
    try {
      await runOperatorCommand(command, services, io.out)
    } finally {
      await store.close()
    }
  })
}

/** The monitoring-as-code commands: usage problems exit 2, failures print one line and exit 1, checks that fail exit 1. */
async function runCode(argv: string[], io: CliOutput, cwd: string): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE)
    return 0
  }
  const parsed = parseCodeCommand(argv)
  if (parsed.kind === 'usage-error') {
    io.err(`picket: ${parsed.problem}\n\n${parsed.usage ?? USAGE}`)
    return 2
  }
  let code = 1
  const failed = await messageOnFailure(io, async () => {
    code = await runCodeCommand(parsed.command, readCliEnvironment(), { out: io.out, err: io.err, cwd })
  })
  return failed === 0 ? code : failed
}

/** Exit 0 when the command succeeds; any failure (configuration problems, every one listed, unknown ids, an
 * unreachable database) prints its message only, never a stack trace, and exits 1. */
async function messageOnFailure(io: CliOutput, run: () => Promise<void>): Promise<number> {
  try {
    await run()
    return 0
  } catch (err) {
    io.err(`picket: ${err instanceof Error ? err.message : String(err)}`)
    return 1
  }
}

/** `picket migrate`: applies what is pending to the configured store and says what it applied. */
async function migrate(io: CliOutput): Promise<void> {
  const [{ loadConfig }, { openStore }, { migrateToLatest }, { describeMigration, describeStore }] = await Promise.all([
    import('../config/load.js'),
    import('../store/db.js'),
    import('../store/migrate.js'),
    import('../cli/migrate-report.js'),
  ])
  const config = loadConfig()
  const sqliteFile = path.join(config.dataDir, 'picket.db')
  const store = await openStore({ databaseUrl: config.databaseUrl, sqliteFile, sqliteSynchronous: config.sqliteSynchronous })
  try {
    io.out(describeMigration(await migrateToLatest(store), describeStore(config.databaseUrl, sqliteFile)))
  } finally {
    await store.close()
  }
}

/** Runs the command line of this process and exits with its code (not after `serve`). */
export async function main(argv: string[]): Promise<void> {
  const io: CliOutput = { out: (text) => process.stdout.write(`${text}\n`), err: (text) => process.stderr.write(`${text}\n`) }
  const code = await runCli(argv, io)
  if (code !== 'serving') process.exit(code)
}

const isMain = process.argv[1] !== undefined && /cli\.(ts|js)$/.test(process.argv[1])
if (isMain) await main(process.argv.slice(2))
