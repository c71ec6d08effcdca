/** The monitoring-as-code commands' command line: what each parses to, and each usage problem in one line. */
import { describe, expect, it } from 'vitest'
import { parseCodeCommand } from '../../src/cli/code/parse-code-command.js'
import { projectIdFor } from '../../src/cli/code/init.js'
import { testResources } from '../../src/cli/code/test-command.js'
import type { LoadedProject } from '../../src/cli/code/project-loader.js'

describe('parseCodeCommand', () => {
  it.each<[string, string[], unknown]>([
    ['login with its three values', ['login', '--url', 'http://x', '--account', 'a', '--key', 'k'], { name: 'login', url: 'http://x', account: 'a', key: 'k' }],
    ['login from the environment', ['login'], { name: 'login' }],
    ['whoami', ['whoami'], { name: 'whoami' }],
    ['init into the current folder', ['init'], { name: 'init', dir: '.' }],
    ['init into a folder', ['init', 'checks'], { name: 'init', dir: 'checks' }],
    ['deploy', ['deploy'], { name: 'deploy', preview: false }],
    ['deploy --preview with a config', ['deploy', '--preview', '--config', 'x.ts'], { name: 'deploy', preview: true, config: 'x.ts' }],
    ['test with filters and json', ['test', 'api', 'home', '--reporter', 'json'], { name: 'test', reporter: 'json', timeoutSeconds: 300, filters: ['api', 'home'], record: false }],
    ['test with a timeout', ['test', '--timeout', '60'], { name: 'test', reporter: 'list', timeoutSeconds: 60, filters: [], record: false }],
    ['test recorded as a test session', ['test', 'orders', '--record'], { name: 'test', reporter: 'list', timeoutSeconds: 300, filters: ['orders'], record: true }],
    ['destroy without force', ['destroy'], { name: 'destroy', force: false }],
    ['destroy another project', ['destroy', '--project', 'shop', '--force'], { name: 'destroy', project: 'shop', force: true }],
    [
      'trigger: commas are AND, repeats are OR',
      ['trigger', '--tags', 'a, b', '--tags', 'c'],
      { name: 'trigger', tags: [['a', 'b'], ['c']], reporter: 'list', timeoutSeconds: 300 },
    ],
  ])('%s', (_name, argv, command) => {
    expect(parseCodeCommand(argv)).toEqual({ kind: 'command', command })
  })

  it.each<[string[], RegExp]>([
    [['deploy', '--previwe'], /unknown option --previwe/],
    [['deploy', '--config'], /option --config needs a value/],
    [['deploy', '--preview=yes'], /option --preview takes no value/],
    [['destroy', '--force=true'], /option --force takes no value/],
    [['deploy', 'extra'], /unexpected argument "extra" after "deploy"/],
    [['whoami', '--force'], /"whoami" takes no --force/],
    [['test', '--reporter', 'xml'], /--reporter must be list or json/],
    [['test', '--timeout', '5'], /--timeout must be a whole number of seconds from 10 to 3600/],
    [['trigger'], /"trigger" needs --tags/],
    [['trigger', '--tags', ' , '], /"trigger" needs --tags/],
    [['login', '--url', ' '], /option --url needs a value/],
  ])('%j is a usage problem', (argv, problem) => {
    const parsed = parseCodeCommand(argv)
    expect(parsed.kind).toBe('usage-error')
    expect(parsed.kind === 'usage-error' ? parsed.problem : '').toMatch(problem)
  })

  it.each<[string[], string[]]>([
    [
      ['deploy', '--previwe'],
      ['Usage: picket deploy [--preview] [--config FILE]', '--preview', '--config FILE'],
    ],
    [
      ['test', '--timeout', '5'],
      ['Usage: picket test [FILTER…]', '--timeout S', '--reporter list|json', '--config FILE'],
    ],
    [['trigger'], ['Usage: picket trigger --tags A,B', '--tags A,B', '--timeout S']],
    [
      ['destroy', 'x'],
      ['Usage: picket destroy [--project ID] --force', '--project ID', '--force'],
    ],
    [
      ['login', '--user', 'x'],
      ['Usage: picket login --url URL --account ID --key KEY', '--key KEY'],
    ],
    [['whoami', '--force'], ['Usage: picket whoami']],
  ])("%j comes with that command's usage and its options", (argv, lines) => {
    const parsed = parseCodeCommand(argv)
    const usage = parsed.kind === 'usage-error' ? parsed.usage : ''
    for (const line of lines) expect(usage).toContain(line)
    expect(usage).not.toContain('Commands:')
  })
})

describe('projectIdFor', () => {
  it.each([
    ['shop', 'shop'],
    ['My Shop!', 'my-shop'],
    ['--x--', 'x'],
    ['***', 'my-project'],
    ['api.v2_checks', 'api.v2_checks'],
  ])('%s → %s', (folder, id) => {
    expect(projectIdFor(folder)).toBe(id)
  })
})

describe('testResources', () => {
  const project: LoadedProject = {
    root: '/p',
    configFile: '/p/picket.config.ts',
    logicalId: 'shop',
    name: 'Shop',
    fileOf: new Map([
      ['api', 'checks/api.check.ts'],
      ['beat', 'checks/beat.check.ts'],
    ]),
    envProblems: [],
    resources: [
      { kind: 'alert-channel', logicalId: 'mail', payload: { type: 'EMAIL', config: { address: 'a@b.c' } } },
      { kind: 'check-group', logicalId: 'g', payload: { name: 'G', alertChannelSubscriptions: [{ alertChannelId: { $ref: 'alert-channel:mail' }, activated: true }] } },
      {
        kind: 'check',
        checkType: 'api',
        logicalId: 'api',
        payload: {
          name: 'A',
          groupId: { $ref: 'check-group:g' },
          activated: true,
          alertChannelSubscriptions: [{ alertChannelId: { $ref: 'alert-channel:mail' } }],
          triggerIncident: { serviceId: { $ref: 'status-page-service:s' } },
        },
      },
      { kind: 'check', checkType: 'heartbeat', logicalId: 'beat', payload: { name: 'B' } },
    ],
  }

  it('keeps checks and groups, never scheduled, muted, without alert channels or incidents; heartbeats are skipped', () => {
    expect(testResources(project, [])).toEqual({
      resources: [
        { kind: 'check-group', logicalId: 'g', payload: { name: 'G' } },
        { kind: 'check', checkType: 'api', logicalId: 'api', payload: { name: 'A', groupId: { $ref: 'check-group:g' }, activated: false, muted: true } },
      ],
      skipped: ['beat'],
    })
  })

  it('runs agentic, gRPC and SSL checks on demand, and skips only heartbeats', () => {
    const more = {
      ...project,
      resources: [
        ...project.resources,
        { kind: 'check' as const, checkType: 'agentic' as const, logicalId: 'agent', payload: { name: 'Agent', prompt: 'p' } },
        { kind: 'check' as const, checkType: 'grpc' as const, logicalId: 'rpc', payload: { name: 'RPC' } },
        { kind: 'check' as const, checkType: 'ssl' as const, logicalId: 'cert', payload: { name: 'Cert' } },
      ],
    }
    const { resources, skipped } = testResources(more, [])
    expect(skipped).toEqual(['beat'])
    expect(resources.map((r) => r.logicalId)).toEqual(['g', 'api', 'agent', 'rpc', 'cert'])
  })

  it('filters by logical id or file', () => {
    expect(testResources(project, ['beat.check']).skipped).toEqual(['beat'])
    expect(testResources(project, ['beat.check']).resources.map((r) => r.logicalId)).toEqual(['g'])
  })

  it('refuses a reference to a kind a test does not create, before anything is created', () => {
    const withRef = { ...project, resources: [{ kind: 'check' as const, checkType: 'api' as const, logicalId: 'x', payload: { name: 'X', note: { $ref: 'variable:TOKEN' } } }] }
    expect(() => testResources(withRef, [])).toThrow(/refers to variable:TOKEN/)
  })
})
