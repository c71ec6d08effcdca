/**
 * The usage of one command (or of the commands of one group, `picket keys …`), printed with a usage problem of that
 * command: a mistyped option is answered with the lines that help fix it, not with the help of every command.
 */

/** What a command's usage shows: its command line, what it does, and each option and argument it takes. */
export interface CommandHelp {
  /** The command line after `picket`: 'deploy [--preview] [--config FILE]'. */
  usage: string
  summary: string
  /** Each option (with its value's name) or argument, and what it is. */
  options: ReadonlyArray<readonly [string, string]>
}

export const ALL_COMMANDS_HINT = 'picket --help lists every command.'

function block(command: CommandHelp): string[] {
  const width = Math.max(0, ...command.options.map(([name]) => name.length)) + 2
  return [`Usage: picket ${command.usage}`, command.summary, ...command.options.map(([name, what]) => `  ${name.padEnd(width)}${what}`)]
}

/** The usage of these commands, one block each, and where the rest are. */
export function commandUsage(commands: readonly CommandHelp[]): string {
  return [...commands.flatMap((c, i) => (i === 0 ? block(c) : ['', ...block(c)])), '', ALL_COMMANDS_HINT].join('\n')
}
