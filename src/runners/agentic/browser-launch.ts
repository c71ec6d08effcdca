/**
 * How an agentic run's Chromium starts: in the run box (sandbox/box.ts) like the Chromium of browser checks, so that
 * a page that takes over its renderer, or a `file://` navigation, finds nothing of the service: no DATA_DIR, no
 * database file, no environment, no other process, and a network that is only the run's egress proxy.
 *
 * playwright-core starts "Chromium" as `executablePath` and talks to it over --remote-debugging-pipe (fds 3 and 4).
 * Here that executable is a small shell script in the run's folder that becomes bubblewrap (as the runs' user when
 * the service is root), which keeps those fds; inside, node loads net-relay.cjs (127.0.0.1:3128 in the box leads
 * to the egress socket) and chromium-launcher.cjs starts Chromium with the fds and ends with it. bwrap is the PID
 * namespace's init: when it ends, or is killed, nothing of the box survives.
 *
 * Nothing in the box is writable but its own bounded /tmp (Chromium's profile): Playwright writes the trace and the
 * screenshots from the host side, so the run's folder is bound read-only, as Chromium's working folder.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EgressGuard } from '../egress-guard.js'
import { startEgressProxy } from '../browser/egress-proxy.js'
import { BOX_SUITE, boxHelperPath } from '../browser/run-layout.js'
import type { RunBox } from '../sandbox/box-host.js'
import { NET_RELAY_PATH, startBoxNet } from '../sandbox/box-net.js'
import { BOX_PROXY_URL } from '../sandbox/box.js'

/** chromium-launcher.cjs, bound read-only into the box. */
export const CHROMIUM_LAUNCHER_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'sandbox', 'chromium-launcher.cjs')
/** Drops from root to the runs' user before bwrap starts (util-linux, in every Debian). */
const SETPRIV = '/usr/bin/setpriv'
/** The box's programs: the system's only (the service's own environment never reaches a run). */
const RUN_PATH = '/usr/local/bin:/usr/bin:/bin'
const LAUNCHER_FILE = 'chromium-box.sh'

export interface BrowserLaunch {
  /** What playwright-core starts as Chromium. */
  executablePath: string
  /** Chromium's environment; undefined: this process's (unboxed, as without a box before). */
  env: Record<string, string> | undefined
  /** For --proxy-server: the run's egress proxy as Chromium reaches it. */
  proxyUrl: string
  /** What the egress policy denied during the run, in order. */
  denials: string[]
  close(): Promise<void>
}

export interface LaunchWhere {
  chromiumPath: string
  /** The run's own folder on the host (its artifacts); the box's working folder and the marker of its processes. */
  runDir: string
  runAs: { uid: number; gid: number } | null
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`

/** The shell script that becomes the boxed Chromium (pure): playwright-core's arguments go last, to Chromium. */
export function launcherScript(command: string, args: readonly string[], runAs: LaunchWhere['runAs']): string {
  const drop = runAs ? [SETPRIV, `--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, '--clear-groups', '--'] : []
  return `#!/bin/sh\nexec ${[...drop, command, ...args].map(shellQuote).join(' ')} "$@"\n`
}

/** Chromium in the run box (box given) or, only under SANDBOX=off (box null), as a child of this process. */
export async function prepareBrowserLaunch(box: RunBox | null, guard: EgressGuard, where: LaunchWhere): Promise<BrowserLaunch> {
  if (!box) {
    const proxy = await startEgressProxy(guard)
    return { executablePath: where.chromiumPath, env: undefined, proxyUrl: proxy.url, denials: proxy.denials, close: proxy.close }
  }
  // Nothing in the box fetches with node, so the relay needs no runtime packages.
  const net = await startBoxNet(guard, where.runDir, '')
  try {
    const relay = boxHelperPath(NET_RELAY_PATH)
    const launcher = boxHelperPath(CHROMIUM_LAUNCHER_PATH)
    const mounts = [
      { from: where.runDir, to: BOX_SUITE, writable: false },
      { from: NET_RELAY_PATH, to: relay, writable: false },
      { from: CHROMIUM_LAUNCHER_PATH, to: launcher, writable: false },
    ]
    const boxed = box.wrap([process.execPath, '--require', relay, launcher, where.chromiumPath], {
      cwd: BOX_SUITE,
      writable: [],
      readOnly: [],
      egressDir: net.dir,
      mounts,
      asNamespaceRoot: true,
    })
    const executablePath = path.join(where.runDir, LAUNCHER_FILE)
    await writeFile(executablePath, launcherScript(boxed.command, boxed.args, where.runAs), { mode: 0o700 })
    const env = { ...net.env, PATH: RUN_PATH, HOME: '/tmp', TMPDIR: '/tmp', LANG: 'C.UTF-8', TZ: 'UTC' }
    return { executablePath, env, proxyUrl: BOX_PROXY_URL, denials: net.denials, close: net.close }
  } catch (err) {
    await net.close()
    throw err
  }
}
