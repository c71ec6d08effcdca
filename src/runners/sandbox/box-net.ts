/**
 * The network of a boxed run, host side: the run's egress proxy listens on a Unix socket in a folder of its own,
 * which the box sees at BOX_EGRESS_DIR (box.ts); net-relay.cjs, loaded into every node process of the box, makes
 * the box's programs use it. The proxy applies the egress policy to every connection, so whatever a script runs
 * (node, curl, Chromium, a program of its own) reaches only what the policy allows.
 */
import { mkdtemp, chmod, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EgressGuard } from '../egress-guard.js'
import { startEgressProxy } from '../browser/egress-proxy.js'
import { BOX_EGRESS_SOCKET, BOX_PROXY_URL } from './box.js'

/** net-relay.cjs, loaded with `--require` into the box's node processes (and bound read-only into the box). */
export const NET_RELAY_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'net-relay.cjs')

export interface BoxNet {
  /** The host folder to bind at BOX_EGRESS_DIR. */
  dir: string
  /** The environment that points the box's programs at the proxy. */
  env: Record<string, string>
  /** What the policy denied during the run, in order. */
  denials: string[]
  close(): Promise<void>
}

/** The proxy variables every common client reads (curl and wget read the lower-case ones). */
export function proxyEnv(nodeModules: string): Record<string, string> {
  return {
    PICKET_BOX_SOCKET: BOX_EGRESS_SOCKET,
    PICKET_BOX_PROXY: BOX_PROXY_URL,
    PICKET_BOX_MODULES: nodeModules,
    http_proxy: BOX_PROXY_URL,
    https_proxy: BOX_PROXY_URL,
    HTTP_PROXY: BOX_PROXY_URL,
    HTTPS_PROXY: BOX_PROXY_URL,
    no_proxy: '',
    NO_PROXY: '',
  }
}

export async function startBoxNet(guard: EgressGuard, parent: string, nodeModules: string): Promise<BoxNet> {
  const dir = await mkdtemp(path.join(parent, 'e-'))
  await chmod(dir, 0o755)
  try {
    const proxy = await startEgressProxy(guard, path.join(dir, path.basename(BOX_EGRESS_SOCKET)))
    return {
      dir,
      env: proxyEnv(nodeModules),
      denials: proxy.denials,
      async close() {
        await proxy.close()
        await rm(dir, { recursive: true, force: true })
      },
    }
  } catch (err) {
    await rm(dir, { recursive: true, force: true })
    throw err
  }
}
