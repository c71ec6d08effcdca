/**
 * The session: what it collects (constructs created while it is open, and what they refer to), the config's
 * defaults (explicit props win, tags merge), duplicates, the declaring file, spec files as browser checks.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import {
  ApiCheck,
  BrowserCheck,
  CheckGroup,
  EmailAlertChannel,
  HeartbeatMonitor,
  PrivateLocation,
  StatusPage,
  StatusPageService,
  browserCheckFromSpec,
  closeSession,
  currentSession,
  defineConfig,
  openSession,
  type CheckDefaults,
  type Construct,
} from '../../src/constructs/index.js'
import { RESOURCE_KINDS } from '../../src/domain/projects/deploy-request.js'

const THIS_FILE = fileURLToPath(import.meta.url)
const CONSTRUCTS = path.resolve(path.dirname(THIS_FILE), '../../src/constructs/index.ts')
const SCRIPT = "const { test } = require('@playwright/test')\ntest('t', async () => {})\n"

const roots: string[] = []
afterEach(() => closeSession())
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true })
})

const tempProject = (files: Record<string, string>): string => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-constructs-'))
  roots.push(root)
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), content.replaceAll('CONSTRUCTS', pathToFileURL(CONSTRUCTS).href))
  }
  return root
}

describe('config defaults', () => {
  const pager = new EmailAlertChannel('pager', { address: 'pager@example.com' })
  const own = new EmailAlertChannel('own', { address: 'own@example.com' })
  const pagerSub = [{ alertChannelId: { $ref: 'alert-channel:pager' }, activated: true }]
  const defaults: CheckDefaults = {
    locations: ['eu-west-1', 'eu-central-1'],
    privateLocations: [PrivateLocation.fromSlug('office')],
    frequency: 30,
    tags: ['shop'],
    runtimeId: '2025.04',
    alertChannels: [pager],
    activated: false,
    muted: true,
    browserChecks: { frequency: 60, locations: ['us-east-1'], tags: ['browser'] },
  }
  const request = { url: 'https://example.com' }
  const heartbeat = { period: 1, periodUnit: 'hours', grace: 5, graceUnit: 'minutes' } as const

  it.each<[string, () => Construct, CheckDefaults, Record<string, unknown>]>([
    [
      'fill every field a check leaves out',
      () => new ApiCheck('a', { name: 'a', request }),
      defaults,
      {
        name: 'a',
        request,
        locations: ['eu-west-1', 'eu-central-1'],
        privateLocations: ['office'],
        frequency: 30,
        tags: ['shop'],
        runtimeId: '2025.04',
        alertChannelSubscriptions: pagerSub,
        activated: false,
        muted: true,
      },
    ],
    [
      'lose to the props a check sets, and merge tags',
      () =>
        new ApiCheck('b', {
          name: 'b',
          request,
          locations: ['ap-south-1'],
          privateLocations: [],
          frequency: 1,
          tags: ['api', 'shop'],
          runtimeId: null,
          alertChannels: [own],
          activated: true,
          muted: false,
        }),
      defaults,
      {
        name: 'b',
        request,
        locations: ['ap-south-1'],
        privateLocations: [],
        frequency: 1,
        tags: ['shop', 'api'],
        runtimeId: null,
        alertChannelSubscriptions: [{ alertChannelId: { $ref: 'alert-channel:own' }, activated: true }],
        activated: true,
        muted: false,
      },
    ],
    [
      'take browserChecks first for a browser check',
      () => new BrowserCheck('c', { name: 'c', code: { content: SCRIPT } }),
      defaults,
      {
        name: 'c',
        script: SCRIPT,
        locations: ['us-east-1'],
        privateLocations: ['office'],
        frequency: 60,
        tags: ['shop', 'browser'],
        runtimeId: '2025.04',
        alertChannelSubscriptions: pagerSub,
        activated: false,
        muted: true,
      },
    ],
    [
      'skip a frequency the type does not allow',
      () => new BrowserCheck('d', { name: 'd', code: { content: SCRIPT } }),
      { frequency: 0 },
      {
        name: 'd',
        script: SCRIPT,
      },
    ],
    [
      'give a heartbeat only what applies to it',
      () => new HeartbeatMonitor('e', { name: 'e', heartbeat }),
      defaults,
      {
        name: 'e',
        heartbeat,
        script: '',
        tags: ['shop'],
        alertChannelSubscriptions: pagerSub,
        activated: false,
        muted: true,
      },
    ],
    ['change nothing when there are none', () => new ApiCheck('f', { name: 'f', request, tags: ['x'] }), {}, { name: 'f', request, tags: ['x'] }],
  ])('%s', (_name, create, checks, payload) => {
    const session = openSession({ config: { logicalId: 'shop', checks }, baseDir: '/p' })
    create()
    const check = session.resources().find((r) => r.kind === 'check')
    expect(check?.payload).toEqual(payload)
  })

  it('deploys the channels of the defaults, created before the session was opened', () => {
    const session = openSession({ config: defineConfig({ logicalId: 'shop', checks: { alertChannels: [pager] } }), baseDir: '/p' })
    new ApiCheck('a', { name: 'a', request })
    expect(session.resources().map((r) => `${r.kind}:${r.logicalId}`)).toEqual(['alert-channel:pager', 'check:a'])
  })
})

describe('the session', () => {
  it('lives on globalThis under Symbol.for("picket.constructs.session")', () => {
    const session = openSession({ config: { logicalId: 'p' }, baseDir: '/p' })
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('picket.constructs.session')]).toBe(session)
    expect(currentSession()).toBe(session)
    closeSession(session)
    expect(currentSession()).toBeUndefined()
  })

  it('collects what is created while it is open, in deploy order, with what that refers to', () => {
    const service = new StatusPageService('svc', { name: 'Svc' })
    const group = new CheckGroup('g', { name: 'G' })
    const session = openSession({ config: { logicalId: 'shop', name: 'Shop' }, baseDir: '/p' })
    new StatusPage('page', { name: 'Page', url: 'shop-page', cards: [{ name: 'All', services: [service] }] })
    new ApiCheck('a', { name: 'a', request: { url: 'https://e.com' }, group })
    const kinds = session.resources().map((r) => r.kind)
    expect(kinds).toEqual(['status-page-service', 'check-group', 'check', 'status-page'])
    expect(kinds).toEqual([...kinds].sort((x, y) => RESOURCE_KINDS.indexOf(x) - RESOURCE_KINDS.indexOf(y)))
    expect(session.deployRequest().project).toEqual({ logicalId: 'shop', name: 'Shop' })
    closeSession(session)
    new ApiCheck('later', { name: 'later', request: { url: 'https://e.com' } })
    expect(session.resources().map((r) => r.logicalId)).not.toContain('later')
  })

  it('knows the file that declared each construct', () => {
    const session = openSession({ config: { logicalId: 'p' }, baseDir: path.dirname(THIS_FILE) })
    const check = new ApiCheck('here', { name: 'here', request: { url: 'https://e.com' } })
    expect(check.declaredIn).toBe(THIS_FILE)
    expect(session.describe(check.declaredIn)).toBe(path.basename(THIS_FILE))
  })

  it('refuses a second construct of the same kind and logical id, naming both files', async () => {
    const check = "import { ApiCheck } from 'CONSTRUCTS'\nnew ApiCheck('dup', { name: 'x', request: { url: 'https://e.com' } })\n"
    const root = tempProject({ 'a.check.ts': check, 'sub/b.check.ts': check })
    const session = openSession({ config: { logicalId: 'p' }, baseDir: root })
    const load = (file: string) => {
      session.loadingFile = path.join(root, file)
      return import(pathToFileURL(session.loadingFile).href)
    }
    await load('a.check.ts')
    await expect(load('sub/b.check.ts')).rejects.toThrow(`Duplicate check logical id "dup": ApiCheck "dup" in a.check.ts and ApiCheck "dup" in ${path.join('sub', 'b.check.ts')}`)
    // The same logical id in another kind is no duplicate.
    expect(() => new CheckGroup('dup', { name: 'G' })).not.toThrow()
  })

  it('turns a spec file into a browser check named after it, unless a check already runs it', () => {
    const root = tempProject({ 'tests/home.spec.ts': SCRIPT, 'tests/cart.spec.ts': SCRIPT, 'cart.check.ts': '' })
    const session = openSession({ config: { logicalId: 'p', checks: { browserChecks: { tags: ['spec'] } } }, baseDir: root })
    session.loadingFile = path.join(root, 'cart.check.ts')
    new BrowserCheck('cart', { name: 'Cart', code: { entrypoint: path.join(root, 'tests/cart.spec.ts') } })
    const home = browserCheckFromSpec(session, path.join(root, 'tests/home.spec.ts'))
    expect(browserCheckFromSpec(session, path.join(root, 'tests/cart.spec.ts'))).toBeUndefined()
    expect(home?.declaredIn).toBe(path.join(root, 'tests/home.spec.ts'))
    expect(session.resources().map((r) => [r.logicalId, r.payload.name])).toEqual([
      ['cart', 'Cart'],
      ['tests/home.spec.ts', 'home.spec.ts'],
    ])
    expect(session.resources()[1]?.payload).toEqual({ name: 'home.spec.ts', script: SCRIPT, scriptPath: 'home.spec.ts', tags: ['spec'] })
  })
})
