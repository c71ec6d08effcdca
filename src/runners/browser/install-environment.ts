/**
 * Where a browser run's dependencies are installed: npm in a box of its own, seeing its folder as the suite's root,
 * its network only through the egress proxy (or, unboxed, through the run's proxy when a policy is set). npm gets the
 * system's programs and no settings of the service's own environment.
 */
import path from 'node:path'
import type { EgressRules } from '../../domain/egress.js'
import type { EgressGuard } from '../egress-guard.js'
import type { RunBox } from '../sandbox/box-host.js'
import { NET_RELAY_PATH, startBoxNet } from '../sandbox/box-net.js'
import { npmCliPath, type InstallEnvironment } from './dependencies.js'
import { startRunEgress } from './run-egress.js'
import { BOX_RUNTIME, BOX_SUITE, boxHelperPath } from './run-layout.js'

export interface InstallEnvironmentOptions {
  runAs: { uid: number; gid: number } | null
  /** Limit of one install, in ms. */
  timeoutMs: number
  memoryMb: number
  /** The box installs run in; null: on the host. */
  box: RunBox | null
  guard: EgressGuard
  /** The egress policy's rules, when there is one. */
  rules: EgressRules | null
  /** The runner's own node_modules, mounted read-only as the box's runtime. */
  runtime: string
  /** The preload that routes an unboxed npm through the run's proxy. */
  preloadPath: string
  /** The installs' PATH. */
  runPath: string
}

export function createInstallEnvironment(o: InstallEnvironmentOptions): InstallEnvironment {
  const { box } = o
  return {
    runAs: o.runAs,
    timeoutMs: o.timeoutMs,
    memoryMb: o.memoryMb,
    async command(args, dir, variables) {
      const base = { ...variables, PATH: o.runPath, LANG: 'C.UTF-8', NO_COLOR: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' }
      const npm = [process.execPath, npmCliPath(), ...args]
      if (!box) {
        const local = o.rules ? await startRunEgress(o.guard, o.rules) : null
        const proxy = local?.proxyUrl
        const env = {
          ...base,
          HOME: dir,
          npm_config_cache: path.join(dir, '.npm'),
          ...(local && proxy ? { NODE_OPTIONS: `--require ${o.preloadPath}`, ...local.env, https_proxy: proxy, http_proxy: proxy } : {}),
        }
        return { command: { command: npm[0] as string, args: npm.slice(1) }, env, close: async () => local?.close() }
      }
      const net = await startBoxNet(o.guard, path.dirname(dir), BOX_RUNTIME)
      const relay = boxHelperPath(NET_RELAY_PATH)
      const mounts = [
        { from: dir, to: BOX_SUITE, writable: true },
        { from: o.runtime, to: BOX_RUNTIME, writable: false },
        { from: NET_RELAY_PATH, to: relay, writable: false },
      ]
      const env = { ...base, ...net.env, HOME: BOX_SUITE, npm_config_cache: `${BOX_SUITE}/.npm`, NODE_OPTIONS: `--require ${relay}` }
      return { command: box.wrap(npm, { cwd: BOX_SUITE, writable: [], readOnly: [], egressDir: net.dir, mounts }), env, close: () => net.close() }
    },
  }
}
