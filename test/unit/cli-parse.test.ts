import { describe, expect, it } from 'vitest'
import { parseCommand, USAGE } from '../../src/cli/parse-command.js'

describe('parseCommand', () => {
  it.each([
    [['accounts', 'create'], { name: 'accounts create', accountName: 'Account' }],
    [['accounts', 'create', '--name', 'Team B'], { name: 'accounts create', accountName: 'Team B' }],
    [['--name=Team B', 'accounts', 'create'], { name: 'accounts create', accountName: 'Team B' }],
    [['accounts', 'list'], { name: 'accounts list' }],
    [['keys', 'create', '--account', 'a1'], { name: 'keys create', accountId: 'a1', keyName: 'api key' }],
    [['keys', 'create', '--account', 'a1', '--name', 'ci'], { name: 'keys create', accountId: 'a1', keyName: 'ci' }],
    [['keys', 'list', '--account', 'a1'], { name: 'keys list', accountId: 'a1' }],
    [['keys', 'revoke', 'k1'], { name: 'keys revoke', keyId: 'k1' }],
    [['serve'], { name: 'serve' }],
    [['users', 'list'], { name: 'users list' }],
    [['users', 'reset-password', 'ann@example.com'], { name: 'users reset-password', email: 'ann@example.com' }],
  ])('%j is a command', (argv, command) => {
    expect(parseCommand(argv)).toEqual({ kind: 'command', command })
  })

  it.each([[['help']], [['--help']], [['-h']], [['keys', 'create', '--help']], [['deploy', '--help']], [['--help', '--bogus']]])('%j asks for help', (argv) => {
    expect(parseCommand(argv)).toEqual({ kind: 'help' })
  })

  it.each([
    [[], 'no command given'],
    [['deploy', '--preview'], 'unknown command "deploy"'],
    [['test'], 'unknown command "test"'],
    [['--preview'], 'unknown option --preview'],
    [['-x', 'accounts', 'list'], 'unknown option -x'],
    [['accounts'], '"accounts" needs one of: create, list'],
    [['keys'], '"keys" needs one of: create, list, revoke'],
    [['accounts', 'delete'], 'unknown command "accounts delete"'],
    [['accounts', 'create', '--account', 'a1'], '"accounts create" takes no --account'],
    [['accounts', 'create', '--name'], 'option --name needs a value'],
    [['accounts', 'create', '--name', ' '], 'option --name needs a value'],
    [['keys', 'create'], '"keys create" needs --account ID'],
    [['keys', 'list', '--name', 'x'], '"keys list" takes no --name'],
    [['keys', 'revoke'], '"keys revoke" needs KEY_ID'],
    [['keys', 'revoke', 'k1', 'k2'], 'unexpected argument "k2" after "keys revoke"'],
    [['serve', 'now'], 'unexpected argument "now" after "serve"'],
    [['users'], '"users" needs one of: list, reset-password'],
    [['users', 'reset-password'], '"users reset-password" needs EMAIL'],
    [['users', 'list', '--account', 'a1'], '"users list" takes no --account'],
  ])('%j is a usage error: %s', (argv, problem) => {
    expect(parseCommand(argv)).toMatchObject({ kind: 'usage-error', problem })
  })

  it.each<[string[], string[] | null]>([
    [
      ['keys', 'create'],
      ['Usage: picket keys create --account ID [--name NAME]', '--account ID'],
    ],
    [
      ['keys', 'revoke'],
      ['Usage: picket keys revoke KEY_ID', 'KEY_ID'],
    ],
    [['accounts', 'list', '--bogus'], ['Usage: picket accounts list']],
    [['accounts'], ['Usage: picket accounts create [--name NAME]', 'picket accounts list']],
    [
      ['users', 'nope'],
      ['Usage: picket users list', 'picket users reset-password EMAIL'],
    ],
    [['serve', 'now'], ['Usage: picket serve']],
    [
      ['agent', '--key', 'x'],
      ['Usage: picket agent', 'API_KEY'],
    ],
    [[], null],
    [['--preview'], null],
    [['bogus', '--x'], null],
  ])("%j comes with that command's usage, or the whole help when it names none", (argv, lines) => {
    const parsed = parseCommand(argv)
    expect(parsed.kind).toBe('usage-error')
    const usage = parsed.kind === 'usage-error' ? parsed.usage : undefined
    if (lines === null) return expect(usage).toBeUndefined()
    for (const line of lines) expect(usage).toContain(line)
    expect(usage).not.toContain('Commands:')
  })

  it('lists every command that exists and no other', () => {
    for (const c of ['serve', 'accounts create', 'accounts list', 'keys create', 'keys list', 'keys revoke', 'login', 'whoami', 'init', 'deploy', 'test', 'destroy', 'trigger']) {
      expect(USAGE).toContain(`  ${c}`)
    }
    expect(USAGE).not.toMatch(/^ {2}(import|export|apply)\b/m)
  })
})
